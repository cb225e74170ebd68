export interface SyncMethodSpeed {
  readonly opsPerSecond: number;
  readonly microsecondsPerOp: number;
}
export function parseOneWriteTable(output: string): Record<string, SyncMethodSpeed>;
export function flushSpeed(where: {
  readonly directory: string;
  readonly local: boolean;
}): { readonly directory: string; readonly oneWrite: Record<string, SyncMethodSpeed> } | { readonly skipped: string };
