import { describe, expect, it } from 'vitest';
import { agrees, datesOfBirthIn, isoDate, parseListedDate, sameDay } from './date-of-birth.js';

describe('parseListedDate', () => {
  it.each([
    ['10 Dec 1948', { fromYear: 1948, toYear: 1948, month: 12, day: 10 }],
    ['1 January 1960', { fromYear: 1960, toYear: 1960, month: 1, day: 1 }],
    ['Dec 1948', { fromYear: 1948, toYear: 1948, month: 12 }],
    ['1948', { fromYear: 1948, toYear: 1948 }],
    ['circa 1948', { fromYear: 1947, toYear: 1949 }],
    ['1946 to 1950', { fromYear: 1946, toYear: 1950 }],
    ['1948.', { fromYear: 1948, toYear: 1948 }],
    ['10 Foo 1948', undefined],
    ['Junk 1948', undefined],
    ['5 Sept 1948', { fromYear: 1948, toYear: 1948, month: 9, day: 5 }],
    ['unknown', undefined],
  ])('%s', (phrase, expected) => {
    expect(parseListedDate(phrase)).toEqual(expected);
  });
});

describe('datesOfBirthIn', () => {
  it.each([
    ['DOB 10 Dec 1948; POB Baghdad, Iraq; nationality Iraq.', ['10 Dec 1948']],
    ['DOB 1960; alt. DOB 1961; POB Syria', ['1960', '1961']],
    ['a.k.a. NOTHING; Linked To: X.', []],
    ['DOB circa 1955.', ['circa 1955']],
  ])('%s', (remarks, expected) => {
    expect(datesOfBirthIn(remarks)).toEqual(expected);
  });
});

describe('isoDate', () => {
  it.each([
    ['1970-01-01', { year: 1970, month: 1, day: 1 }],
    ['2000-02-29', { year: 2000, month: 2, day: 29 }],
    ['1999-02-29', undefined],
    ['1970-13-01', undefined],
    ['70-01-01', undefined],
  ])('%s', (value, expected) => {
    expect(isoDate(value)).toEqual(expected);
  });
});

describe('agrees and sameDay', () => {
  const given = { year: 1948, month: 12, day: 10 };
  it.each([
    ['10 Dec 1948', true, true],
    ['11 Dec 1948', false, false],
    ['Dec 1948', true, false],
    ['Nov 1948', false, false],
    ['1948', true, false],
    ['1949', false, false],
    ['circa 1949', true, false],
    ['circa 1951', false, false],
    ['1940 to 1950', true, false],
  ])('%s: agrees %s, same day %s', (phrase, agreeing, same) => {
    const listed = parseListedDate(phrase);
    if (!listed) throw new Error(`unparsed ${phrase}`);
    expect(agrees(listed, given)).toBe(agreeing);
    expect(sameDay(listed, given)).toBe(same);
  });
});
