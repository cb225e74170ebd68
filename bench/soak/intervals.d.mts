/** Types of intervals.mjs, for test/e2e/soak.test.ts. */
export const writeLimitError: string;
export function errorKey(answer: { status: number; text?: string | undefined; failure?: string | undefined }): string;
