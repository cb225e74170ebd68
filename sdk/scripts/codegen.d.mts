/** Types of codegen.mjs, for the drift test. */
export function generateTypes(document: unknown): Promise<string>;
export function generateOperations(document: unknown, options?: { name?: string; source?: string }): string;
export function operationTable(document: unknown): Array<{ id: string } & Record<string, unknown>>;
export const generatedFiles: ReadonlyArray<{ source: string; types: string; operations: string; name: string }>;
