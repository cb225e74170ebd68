/** A moment as people read it in the console: UTC, to the minute ("2025-06-02 09:30 UTC"). */
export function formatMoment(ms: number | bigint | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return `${new Date(Number(ms)).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * A moment to the second ("2025-06-02 09:30:12 UTC"): where steps follow each other within a minute (a record's
 * timeline, delivery attempts), minutes alone would show ten steps at one time.
 */
export function formatMomentToSecond(ms: number | bigint | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return `${new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
