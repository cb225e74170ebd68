/** A moment as people read it in the console: UTC, to the minute ("2025-06-02 09:30 UTC"). */
export function formatMoment(ms: number | bigint | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return `${new Date(Number(ms)).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
