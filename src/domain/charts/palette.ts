// The series' looks. Each colour has a contrast ratio of at least 4.5:1 against white (WCAG 2.1 AA for text, and
// above the 3:1 that 1.4.11 asks of graphics; palette.test.ts computes it), and each series after the first has a
// fill pattern of its own, so that the legend and the bars tell the series apart without colour (WCAG 1.4.1).

export interface SeriesLook {
  readonly colour: string;
  /** The fill: solid, or a pattern drawn in the colour on white. */
  readonly pattern: 'solid' | 'stripes' | 'dots' | 'cross';
}

export const seriesLooks: readonly SeriesLook[] = [
  { colour: '#1f5f8b', pattern: 'solid' },
  { colour: '#a3251c', pattern: 'stripes' },
  { colour: '#5b4a00', pattern: 'dots' },
  { colour: '#4b2a86', pattern: 'cross' },
];

/** The look of the nth series; past the palette the looks repeat (charts here have at most four series). */
export const lookOf = (index: number): SeriesLook => seriesLooks[index % seriesLooks.length] as SeriesLook;

/** Text and axis lines. */
export const inkColour = '#2b2b2b';
/** Grid lines: decoration only, the tick labels carry the values. */
export const gridColour = '#d9d9d9';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The <pattern> (or nothing, for solid) that fills a series' bars, and the fill attribute that uses it. */
export function fillOf(look: SeriesLook, id: string): { defs: string; fill: string } {
  const tile = (inner: string, transform = '') =>
    `<pattern id="${id}" width="6" height="6" patternUnits="userSpaceOnUse"${transform}>` +
    `<rect width="6" height="6" fill="#ffffff"/>${inner}</pattern>`;
  switch (look.pattern) {
    case 'solid':
      return { defs: '', fill: look.colour };
    case 'stripes':
      return {
        defs: tile(`<rect width="3" height="6" fill="${look.colour}"/>`, ' patternTransform="rotate(45)"'),
        fill: `url(#${id})`,
      };
    case 'dots':
      return { defs: tile(`<circle cx="3" cy="3" r="1.8" fill="${look.colour}"/>`), fill: `url(#${id})` };
    case 'cross':
      return {
        defs: tile(
          `<path d="M0 3H6M3 0V6" stroke="${look.colour}" stroke-width="2"/>`,
          ' patternTransform="rotate(45)"',
        ),
        fill: `url(#${id})`,
      };
  }
}
