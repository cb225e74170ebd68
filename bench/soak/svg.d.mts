/** Types of svg.mjs, for test/e2e/soak.test.ts: the results object is the JSON run.mjs writes. */
// biome-ignore lint/suspicious/noExplicitAny: the results are the soak's JSON, checked by the test that reads them
export function soakSvg(results: any): string;
