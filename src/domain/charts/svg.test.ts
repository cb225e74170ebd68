import { describe, expect, it } from 'vitest';
import type { DayChart } from './day-chart.js';
import { contrastRatio } from './palette.js';
import { asDayChart, type BarChart, barChartSvg, stackedBarChartSvg } from './svg.js';
import { chartTable } from './table.js';

// Goal: the charts are pure and deterministic, accessible (role="img", <title>, <desc> summarising the data, a table
// of the same data), sized by their viewBox, with every given text escaped, and exact for any size of value.

const daysFrom = (first: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

const volume = (days: readonly string[], values: readonly string[]): BarChart => ({
  id: 'orders-eur',
  title: 'Orders completed per day',
  unit: 'EUR',
  name: 'Volume',
  days,
  values,
});

const deliveries = (days: readonly string[], delivered: string[], failed: string[], pending: string[]): DayChart => ({
  id: 'deliveries',
  title: 'Event deliveries by outcome',
  unit: 'deliveries',
  days,
  series: [
    { name: 'Delivered', values: delivered },
    { name: 'Failed attempt', values: failed },
    { name: 'Pending', values: pending },
  ],
});

const rects = (svg: string) => svg.match(/<rect x=[^>]*><title>[^<]*<\/title><\/rect>/g) ?? [];
const heightOf = (rect: string) => Number(/ height="([\d.]+)"/.exec(rect)?.[1]);
const descOf = (svg: string) => /<desc id="[^"]+">([^<]*)<\/desc>/.exec(svg)?.[1];

describe('bar chart: what it draws for each kind of data', () => {
  const ninetyTwo = daysFrom('2025-03-01', 92);
  it.each([
    ['no days', volume([], []), 0, 'Orders completed per day: no days to show.'],
    [
      'one day',
      volume(['2025-06-02'], ['12.5']),
      1,
      'Orders completed per day, 1 day on 2 Jun 2025. Volume: 12.5 EUR in total, the most 12.5 EUR on 2 Jun 2025. 0 days with none.',
    ],
    [
      'one empty day',
      volume(['2025-06-02'], ['0']),
      0,
      'Orders completed per day, 1 day on 2 Jun 2025. Volume: 0 EUR in total. 1 day with none.',
    ],
    [
      '92 days, every third one',
      volume(
        ninetyTwo,
        ninetyTwo.map((_, i) => (i % 3 === 0 ? '1.01' : '0')),
      ),
      31,
      'Orders completed per day, 92 days from 1 Mar 2025 to 31 May 2025. Volume: 31.31 EUR in total, the most 1.01 EUR on 1 Mar 2025. 61 days with none.',
    ],
  ])('%s', (_, chart, bars, desc) => {
    const svg = barChartSvg(chart);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('viewBox="0 0 640 320" width="100%"');
    expect(svg).toContain('role="img" aria-labelledby="orders-eur-title orders-eur-desc"');
    expect(svg).toContain('<title id="orders-eur-title">Orders completed per day</title>');
    expect(descOf(svg)).toBe(desc);
    expect(rects(svg)).toHaveLength(bars);
    // Deterministic: the same data, the same bytes.
    expect(barChartSvg(chart)).toBe(svg);
  });

  it('92 days label at most 8 of them, and every bar fits in the plot', () => {
    const svg = barChartSvg(
      volume(
        ninetyTwo,
        ninetyTwo.map((_, i) => String(i)),
      ),
    );
    const dayLabels = /<g class="day-axis">(.*?)<\/g>/.exec(svg)?.[1]?.match(/<text/g) ?? [];
    expect(dayLabels.length).toBeLessThanOrEqual(8);
    expect(dayLabels.length).toBeGreaterThanOrEqual(6);
    for (const rect of rects(svg)) {
      const x = Number(/ x="([\d.]+)"/.exec(rect)?.[1]);
      expect(x).toBeGreaterThanOrEqual(76);
      expect(x).toBeLessThanOrEqual(628);
    }
  });

  it('a huge value and a tiny one: the exact values in the titles and the table, the tiny bar still drawn', () => {
    const huge = '123456789012345678901234.56';
    const svg = barChartSvg(volume(['2025-06-01', '2025-06-02'], [huge, '0.01']));
    const [big, small] = rects(svg);
    expect(big).toContain('1 Jun 2025');
    expect(big).toContain('123,456,789,012,345,678,901,234.56 EUR');
    expect(small).toContain('0.01 EUR');
    expect(heightOf(small as string)).toBe(1);
    expect(heightOf(big as string)).toBeGreaterThan(100);
    expect(chartTable(asDayChart(volume(['2025-06-01', '2025-06-02'], [huge, '0.01'])))).toContain(
      '<td>123,456,789,012,345,678,901,234.56</td>',
    );
  });

  it('0.1 + 0.2 is 0.3 in the summary, the table and the axis (no float sums)', () => {
    const chart = volume(['2025-06-01', '2025-06-02'], ['0.1', '0.2']);
    expect(descOf(barChartSvg(chart))).toContain('Volume: 0.3 EUR in total');
    expect(chartTable(asDayChart(volume(['2025-06-01'], ['0.30000000000000004'])))).toContain(
      '<td>0.30000000000000004</td>',
    );
    // Stacked on one day, 0.1 and 0.2 reach the axis's top tick, 0.3, exactly.
    const stacked: DayChart = {
      ...asDayChart(chart),
      days: ['2025-06-01'],
      series: [
        { name: 'A', values: ['0.1'] },
        { name: 'B', values: ['0.2'] },
      ],
    };
    const svg = stackedBarChartSvg(stacked);
    expect(svg).toContain('>0.3</text>');
    expect(rects(svg).map((r) => / y="([\d.]+)"/.exec(r)?.[1])).toEqual(['204', '44']);
    expect(chartTable(stacked)).toContain('<td>0.1</td><td>0.2</td><td>0.3</td>');
  });

  it('refuses what is not a chart: a negative or inexact value, a bad day, a series of the wrong length', () => {
    expect(() => barChartSvg(volume(['2025-06-01'], ['-1']))).toThrow();
    expect(() => barChartSvg(volume(['2025-06-01'], ['1e3']))).toThrow();
    expect(() => barChartSvg(volume(['1 June'], ['1']))).toThrow();
    expect(() => barChartSvg(volume(['2025-06-01', '2025-06-02'], ['1']))).toThrow();
  });
});

describe('every given text is escaped, in the SVG and in the table', () => {
  const hostile = '<script>alert("x")</script> & \'q\'';
  const chart: DayChart = {
    id: 'x"><script>',
    title: hostile,
    unit: `${hostile} unit`,
    days: ['2025-06-02'],
    series: [
      { name: hostile, values: ['1'] },
      { name: 'Other', values: ['2'] },
    ],
  };
  it.each([
    ['the SVG', stackedBarChartSvg(chart)],
    ['the table', chartTable(chart)],
  ])('%s', (_, markup) => {
    expect(markup).not.toContain('<script>');
    expect(markup).not.toContain('"x")');
    expect(markup).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;');
  });
  it('the id is reduced to safe characters', () => {
    expect(stackedBarChartSvg(chart)).toContain('aria-labelledby="x---script--title x---script--desc"');
  });
});

describe('stacked chart: deliveries by outcome', () => {
  const days = ['2025-06-01', '2025-06-02', '2025-06-03'];
  const chart = deliveries(days, ['10', '0', '4'], ['2', '0', '0'], ['0', '0', '1']);

  it('stacks the series per day, each with its fill, and a legend naming every series', () => {
    const svg = stackedBarChartSvg(chart);
    expect(rects(svg)).toHaveLength(4);
    expect(svg).toContain('<pattern id="deliveries-fill-1"');
    expect(svg).toContain('<pattern id="deliveries-fill-2"');
    const legend = /<g class="legend">(.*?)<\/g>/.exec(svg)?.[1] ?? '';
    for (const name of ['Delivered', 'Failed attempt', 'Pending']) expect(legend).toContain(`>${name}</text>`);
    expect(descOf(svg)).toBe(
      'Event deliveries by outcome, 3 days from 1 Jun 2025 to 3 Jun 2025. Delivered: 14 deliveries in total, the most ' +
        '10 deliveries on 1 Jun 2025; Failed attempt: 2 deliveries in total, the most 2 deliveries on 1 Jun 2025; ' +
        'Pending: 1 deliveries in total, the most 1 deliveries on 3 Jun 2025. 1 day with none.',
    );
    // Every stroke and swatch colour reads against white.
    for (const colour of svg.match(/stroke="(#[0-9a-f]{6})"/g) ?? []) {
      const hex = colour.slice(8, 15);
      if (hex !== '#d9d9d9') expect(contrastRatio(hex, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the table has a column per outcome and the day total', () => {
    expect(chartTable(chart)).toBe(
      [
        '<table class="chart-table"><caption>Event deliveries by outcome (deliveries)</caption>',
        '<thead><tr><th scope="col">Day</th><th scope="col">Delivered</th><th scope="col">Failed attempt</th><th scope="col">Pending</th><th scope="col">Total</th></tr></thead>',
        '<tbody>',
        '<tr><th scope="row">1 Jun 2025</th><td>10</td><td>2</td><td>0</td><td>12</td></tr>',
        '<tr><th scope="row">2 Jun 2025</th><td>0</td><td>0</td><td>0</td><td>0</td></tr>',
        '<tr><th scope="row">3 Jun 2025</th><td>4</td><td>0</td><td>1</td><td>5</td></tr>',
        '</tbody></table>',
      ].join('\n'),
    );
  });

  it('a small chart is stable byte for byte (snapshot: look at it before accepting a change)', async () => {
    await expect(stackedBarChartSvg(chart)).toMatchFileSnapshot('./__snapshots__/deliveries-small.svg');
    await expect(barChartSvg(volume(days, ['0.1', '0.2', '0.3']))).toMatchFileSnapshot(
      './__snapshots__/volume-small.svg',
    );
  });
});
