// One small interface over the two PostgreSQL drivers, so that every query in the project is written once,
// in PostgreSQL's dialect, with $n parameters. int8 columns come back as bigint from both drivers (money is
// carried in integer minor units); numeric comes back as a string. JSON goes in as text cast in SQL
// ($1::text::jsonb): postgres.js would encode a string parameter again where it infers the type jsonb.

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls onNotify for each NOTIFY on channel (sent on commit); resolves to a function that stops listening. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** One trivial round trip, for the readiness check: resolves when the store answers, throws when it does not. */
export async function ping(db: Queryable): Promise<void> {
  await db.query('select 1');
}

/** PostgreSQL error codes the application branches on. */
export const pgErrorCodes = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
