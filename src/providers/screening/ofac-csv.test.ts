import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvRecords, parseSdnFiles, programsOf, value } from './ofac-csv.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/ofac/${name}`, import.meta.url), 'utf8');
const row = (fields: string) => `${fields}\r\n\u001a`;
const empty = '-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ';

describe('csvRecords', () => {
  it.each([
    ['plain fields', 'a,b,c', [['a', 'b', 'c']]],
    ['quoted comma', '1,"LAST, First",x', [['1', 'LAST, First', 'x']]],
    ['doubled quote', '1,"a ""b"" c"', [['1', 'a "b" c']]],
    [
      'CR LF records',
      '1,a\r\n2,b\r\n',
      [
        ['1', 'a'],
        ['2', 'b'],
      ],
    ],
    [
      'LF records',
      '1,a\n2,b',
      [
        ['1', 'a'],
        ['2', 'b'],
      ],
    ],
    ['end-of-file mark', '1,a\r\n\u001a', [['1', 'a']]],
    ['blank lines', '\r\n1,a\r\n\r\n', [['1', 'a']]],
    ['line break inside quotes', '1,"a\r\nb"', [['1', 'a\r\nb']]],
    ['empty last field', '1,', [['1', '']]],
  ])('%s', (_, text, expected) => {
    expect(csvRecords(text)).toEqual(expected);
  });
});

describe('value and programsOf', () => {
  it.each([
    ['-0- ', undefined],
    ['-0-', undefined],
    ['  ', undefined],
    [' SDGT ', 'SDGT'],
  ])('value(%j)', (field, expected) => {
    expect(value(field)).toBe(expected);
  });
  it.each([
    ['SDGT', ['SDGT']],
    ['SDGT] [IRGC', ['SDGT', 'IRGC']],
    ['UKRAINE-EO13661] [RUSSIA-EO14024] [CYBER2', ['UKRAINE-EO13661', 'RUSSIA-EO14024', 'CYBER2']],
    ['-0- ', []],
  ])('programsOf(%j)', (field, expected) => {
    expect(programsOf(field)).toEqual(expected);
  });
});

describe('parseSdnFiles', () => {
  it('reads the fixture files: entries, types, programs, aliases and dates of birth', () => {
    const parsed = parseSdnFiles(fixture('sdn.csv'), fixture('alt.csv'));
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.value).toHaveLength(7);
    const byId = new Map(parsed.value.map((e) => [e.entryId, e]));
    expect(byId.get('10001')).toMatchObject({
      name: 'KARIMOV, Rustam Alievich',
      entryType: 'individual',
      programs: ['SDGT', 'IRGC'],
      aliases: ['KARIMOV, Rustem', 'ALIEV, Rustam'],
      datesOfBirth: ['12 Mar 1968', '1969'],
    });
    expect(byId.get('10003')).toMatchObject({
      name: 'OCEANIC FRONT TRADING CO., LTD.',
      entryType: 'entity',
      remarks: expect.stringContaining('a.k.a. "OFT"'),
    });
    expect(byId.get('10004')?.entryType).toBe('vessel');
    expect(byId.get('10005')?.entryType).toBe('aircraft');
    expect(byId.get('10007')).toMatchObject({ remarks: null, datesOfBirth: [], aliases: ['AL RASHEED, Abubakar'] });
  });

  it.each([
    ['a short sdn.csv row', row(`1,"A","individual","SDGT"`), '', 'sdn.csv record 1 has 4 fields'],
    ['a non-numeric ent_num', row(`x1,"A","individual","SDGT",${empty},-0- `), '', 'ent_num is not a number'],
    ['an empty name', row(`1,-0- ,"individual","SDGT",${empty},-0- `), '', 'SDN_Name is empty'],
    ['an unknown SDN_Type', row(`1,"A","robot","SDGT",${empty},-0- `), '', 'unknown SDN_Type "robot"'],
    [
      'a repeated ent_num',
      `1,"A","individual","SDGT",${empty},-0- \r\n1,"B","individual","SDGT",${empty},-0- `,
      '',
      'ent_num 1 appears twice',
    ],
    [
      'an alias of no entry',
      row(`1,"A","individual","SDGT",${empty},-0- `),
      row('2,20,"aka","B",-0- '),
      'ent_num 2 is not in sdn.csv',
    ],
    [
      'a short alt.csv row',
      row(`1,"A","individual","SDGT",${empty},-0- `),
      row('1,20,"aka"'),
      'alt.csv record 1 has 3 fields',
    ],
    ['a NUL character', row(`1,"A\u0000","individual","SDGT",${empty},-0- `), '', 'NUL character'],
    [
      'a lone surrogate',
      row(`1,"A","individual","SDGT",${empty},-0- `),
      row('1,20,"aka","\ud800",-0- '),
      'alt.csv holds',
    ],
  ])('refuses %s', (_, sdn, alt, reason) => {
    const parsed = parseSdnFiles(sdn, alt);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });
});
