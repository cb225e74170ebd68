import { describe, expect, it } from 'vitest';
import { contrastRatio, gridColour, inkColour, seriesLooks } from './palette.js';

describe('colours: enough contrast against white, and series told apart without colour', () => {
  it.each(seriesLooks.map((look, i) => [i, look.colour]))(
    'series %s (%s) has at least 4.5:1 against white',
    (_, colour) => {
      expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );
  it('the ink (text, axis) has at least 7:1', () => {
    expect(contrastRatio(inkColour, '#ffffff')).toBeGreaterThanOrEqual(7);
  });
  it('contrastRatio is WCAG’s: black on white is 21, a colour on itself 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio(gridColour, gridColour)).toBe(1);
  });
  it('every series has its own fill pattern', () => {
    expect(new Set(seriesLooks.map((look) => look.pattern)).size).toBe(seriesLooks.length);
  });
});
