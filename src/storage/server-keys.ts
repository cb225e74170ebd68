import type { Db, Queryable } from './db.js';

// Keys every server process must share, kept in the database: server_keys holds named values (the banking
// fingerprint key, sealed under SECRETS_KEY), token_signing_keys the access tokens' HMAC keys (migration 0038).

/** Stores `value` under `name` unless a value is stored there already (the first process to start wins). */
export async function storeValueIfAbsent(db: Queryable, name: string, value: string): Promise<void> {
  await db.query('insert into server_keys (name, value) values ($1, $2) on conflict (name) do nothing', [name, value]);
}

/**
 * The value stored under `name`: the first process to ask stores `make()`, every other one reads the same row
 * (insert ... on conflict do nothing, then read).
 */
export async function sharedValue(db: Queryable, name: string, make: () => string): Promise<string> {
  await storeValueIfAbsent(db, name, make());
  const rows = await db.query<{ value: string }>('select value from server_keys where name = $1', [name]);
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`server key ${name} could not be read`);
  return value;
}

export type SigningKeyRow = {
  /** The JWT `kid` of the tokens it signs; 'legacy' for the key of before migration 0038, whose tokens carry none. */
  readonly kid: string;
  /** The HMAC key, base64; null once retired (nothing may verify with it again). */
  readonly secret: string | null;
  readonly created_at_ms: number;
  /** It signs new tokens from then on (once every process has had time to learn it); it verifies at once. */
  readonly signs_from_ms: number;
  readonly retired_at_ms: number | null;
};

const signingKeyColumns = `kid, secret, created_at_ms::float8 as created_at_ms, signs_from_ms::float8 as signs_from_ms,
  retired_at_ms::float8 as retired_at_ms`;

/** Every key, retired ones included, oldest first. */
export function allSigningKeys(db: Queryable): Promise<SigningKeyRow[]> {
  return db.query<SigningKeyRow>(`select ${signingKeyColumns} from token_signing_keys order by created_at_ms, kid`);
}

/** The keys that verify tokens: every one not retired. */
export function liveSigningKeys(db: Queryable): Promise<SigningKeyRow[]> {
  return db.query<SigningKeyRow>(
    `select ${signingKeyColumns} from token_signing_keys where retired_at_ms is null order by created_at_ms, kid`,
  );
}

export interface NewSigningKey {
  readonly kid: string;
  readonly secret: string;
  readonly createdAtMs: number;
  readonly signsFromMs: number;
}

export async function addSigningKey(db: Queryable, key: NewSigningKey): Promise<void> {
  await db.query('insert into token_signing_keys (kid, secret, created_at_ms, signs_from_ms) values ($1, $2, $3, $4)', [
    key.kid,
    key.secret,
    key.createdAtMs,
    key.signsFromMs,
  ]);
}

/** The id of a new database's first key. */
export const initialKid = 'initial';

/**
 * The first key of a new database, signing at once: added only while no live key exists, under one fixed id, so
 * that processes starting together on a new database all add the same row (the others' inserts do nothing) and
 * all sign with it from their first token on.
 */
export async function addFirstSigningKey(db: Queryable, key: Omit<NewSigningKey, 'kid'>): Promise<void> {
  await db.query(
    `insert into token_signing_keys (kid, secret, created_at_ms, signs_from_ms)
     select $1, $2, $3, $4 where not exists (select 1 from token_signing_keys where retired_at_ms is null)
     on conflict (kid) do nothing`,
    [initialKid, key.secret, key.createdAtMs, key.signsFromMs],
  );
}

export type RetireOutcome = 'retired' | 'unknown' | 'already-retired' | 'no-other-signing-key';

/**
 * Retires a key: its secret is erased, so no process verifies its tokens once it reloads. Refused while no other
 * live key signs yet (tokens could be signed by a key some process does not know). Retiring 'legacy' also drops
 * server_keys' copy, which the versions before migration 0038 read. The live keys are locked, so two retirements at
 * once cannot leave none.
 */
export function retireSigningKey(db: Db, kid: string, nowMs: number): Promise<RetireOutcome> {
  return db.transaction(async (tx) => {
    const live = await tx.query<{ kid: string; signs_from_ms: number }>(
      `select kid, signs_from_ms::float8 as signs_from_ms from token_signing_keys where retired_at_ms is null
       order by kid for update`,
    );
    if (!live.some((k) => k.kid === kid)) {
      const known = await tx.query('select 1 from token_signing_keys where kid = $1', [kid]);
      return known.length === 0 ? 'unknown' : 'already-retired';
    }
    if (!live.some((k) => k.kid !== kid && k.signs_from_ms <= nowMs)) return 'no-other-signing-key';
    await tx.query('update token_signing_keys set secret = null, retired_at_ms = $2 where kid = $1', [kid, nowMs]);
    if (kid === 'legacy') await tx.query(`delete from server_keys where name = 'token_signing_key'`);
    return 'retired';
  });
}
