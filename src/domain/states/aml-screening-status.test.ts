import { describe, expect, it } from 'vitest';
import { amlResolutions, amlScreeningStatuses, resolveScreening } from './aml-screening-status.js';

describe('resolveScreening', () => {
  const rows = amlScreeningStatuses.flatMap((from) => amlResolutions.map((to) => ({ from, to })));
  it.each(rows)('$from -> $to', ({ from, to }) => {
    const result = resolveScreening(from, to);
    if (from === 'POTENTIAL_MATCH') expect(result).toEqual({ ok: true, status: to });
    else expect(result).toMatchObject({ ok: false, reason: expect.stringContaining(from) });
  });
});
