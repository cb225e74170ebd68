/** Types of scales.mjs, for test/e2e/soak.test.ts. */
export interface Scale {
  fraction(value: number): number;
  ticks: { value: number; label: string }[];
}
export function roundStep(largest: number): number;
export function lineScale(values: readonly number[]): Scale;
export function logScale(values: readonly number[]): Scale;
export function timeTicks(durationS: number): { atS: number; label: string }[];
