/** Types of options.mjs, for test/e2e/soak.test.ts. */
export interface SoakOptions {
  durationS: number;
  rate: number;
  intervalS: number;
  seed: number;
  rssSlopeLimitMiBPerHour: number;
  rssNoiseMiB: number;
  outDir: string | undefined;
  rotateSecrets: boolean;
}
export const defaults: SoakOptions;
export const usage: string;
export function seconds(text: string): number;
export function parseOptions(argv: readonly string[]): SoakOptions;
