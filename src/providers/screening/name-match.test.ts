import { describe, expect, it } from 'vitest';
import { matchThreshold, nameScore, nameTokens } from './name-match.js';

const score = (screened: string, listed: string) => nameScore(nameTokens(screened), nameTokens(listed));

describe('nameTokens', () => {
  it.each([
    ['KARIMOV, Rustam Alievich', ['karimov', 'rustam', 'alievich']],
    ['Hans-Peter Müller', ['hans', 'peter', 'muller']],
    ['Владимир Путилин', ['vladimir', 'putilin']],
    ['OCEANIC FRONT TRADING CO., LTD.', ['oceanic', 'front', 'trading']],
    ['The Company Ltd', ['the', 'company', 'ltd']],
  ])('%s', (name, expected) => {
    expect(nameTokens(name)).toEqual(expected);
  });
});

// The threshold is a trade-off: each row says which side of it a pair must fall, and why.
describe(`nameScore against the threshold ${matchThreshold}`, () => {
  it.each([
    ['the same tokens in another order', 'Rustam Alievich Karimov', 'KARIMOV, Rustam Alievich', 'exact'],
    ['a listed middle name not sent', 'Rustam Karimov', 'KARIMOV, Rustam Alievich', 'match'],
    ['a transliteration variant', 'Rustem Karimov', 'KARIMOV, Rustam Alievich', 'match'],
    ['Cyrillic script', 'Владимир Путилин', 'PUTILIN, Vladimir Sergeyevich', 'match'],
    ['an umlaut written out', 'Hans Peter Müller', 'MUELLER, Hans-Peter', 'match'],
    ['a one-letter typo', 'Vladimir Putilln', 'PUTILIN, Vladimir Sergeyevich', 'match'],
    ['a legal form left out', 'Oceanic Front Trading Company', 'OCEANIC FRONT TRADING CO., LTD.', 'exact'],
    ['another person sharing a first name', 'Rustam Petrov', 'KARIMOV, Rustam Alievich', 'none'],
    ['another person sharing a last name', 'Maria Karimova', 'KARIMOV, Rustam Alievich', 'none'],
    ['an unrelated name', 'John Smith', 'KARIMOV, Rustam Alievich', 'none'],
    ['an unrelated business', 'Blue River Bakery', 'OCEANIC FRONT TRADING CO., LTD.', 'none'],
  ] as const)('%s: %s vs %s', (_, screened, listed, expected) => {
    const s = score(screened, listed);
    if (expected === 'exact') expect(s).toBe(1);
    else if (expected === 'match') {
      expect(s).toBeGreaterThanOrEqual(matchThreshold);
      expect(s).toBeLessThan(1);
    } else expect(s).toBeLessThan(matchThreshold);
  });

  it('scores nothing for an empty name', () => {
    expect(nameScore([], ['a'])).toBe(0);
    expect(nameScore(['a'], [])).toBe(0);
  });
});
