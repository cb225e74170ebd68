import { describe, expect, it } from 'vitest';
import { verdictOf } from './verdict.js';

describe('verdictOf', () => {
  const exact = { score: 1, datesOfBirth: ['01 Jan 1970'] };
  const close = { score: 0.93, datesOfBirth: ['01 Jan 1970'] };
  const undated = { score: 1, datesOfBirth: [] };
  const yearOnly = { score: 1, datesOfBirth: ['1970'] };
  it.each([
    ['no candidate', [], '1970-01-01', 'CLEAR'],
    ['exact name, same day', [exact], '1970-01-01', 'CONFIRMED_MATCH'],
    ['exact name, no date given', [exact], undefined, 'POTENTIAL_MATCH'],
    ['exact name, another date', [exact], '1985-06-15', 'FALSE_POSITIVE'],
    ['close name, same day', [close], '1970-01-01', 'POTENTIAL_MATCH'],
    ['close name, another date', [close], '1985-06-15', 'FALSE_POSITIVE'],
    ['listed year only, same year', [yearOnly], '1970-05-05', 'POTENTIAL_MATCH'],
    ['listed year only, another year', [yearOnly], '1971-05-05', 'FALSE_POSITIVE'],
    ['one candidate undated', [exact, undated], '1985-06-15', 'POTENTIAL_MATCH'],
    ['an exact same-day candidate among others', [undated, exact], '1970-01-01', 'CONFIRMED_MATCH'],
  ] as const)('%s', (_, candidates, dateOfBirth, expected) => {
    expect(verdictOf(candidates, dateOfBirth)).toBe(expected);
  });
});
