/** Types of codegen.mjs, for the drift test. */
export function generateTypes(document: unknown): Promise<string>;
export function generateOperations(document: unknown): string;
export function operationTable(document: unknown): Array<{ id: string } & Record<string, unknown>>;
