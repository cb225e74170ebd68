import { pageOf } from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';
import { column, insertRowSql, jsonColumn, listed, listedColumnsSql, type RowOf } from '../../storage/table-columns.js';

/**
 * The columns of `banking_accounts` (migration 0018), in the insert's order. `listed` marks what a read shows: every
 * column but the sealed instrument, which only a payout's resolution opens (linked-destination.ts).
 */
export const bankingAccountColumns = {
  id: listed(column<string>('uuid')),
  workspace_id: listed(column<string>()),
  account_id: listed(column<string>()),
  customer_email: listed(column<string | null>()),
  currency: listed(column<string>()),
  rail: listed(column<string>()),
  label: listed(column<string | null>()),
  last4: listed(column<string>()),
  fingerprint: listed(column<string>()),
  instrument_sealed: column<string>(),
  transfer_data_masked: listed(jsonColumn<Record<string, string>>()),
  user_data_masked: listed(jsonColumn<Record<string, string> | null>()),
  created_at_ms: listed(column<bigint>('bigint')),
};

export type BankingAccountRow = RowOf<typeof bankingAccountColumns>;
/** What a read selects: the row without its sealed instrument. */
export type BankingAccountReadRow = Omit<BankingAccountRow, 'instrument_sealed'>;

const readColumns = listedColumnsSql(bankingAccountColumns);
/** Banking account ids are UUIDs: anything else names none. */
export const isBankingAccountId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Inserts the row unless its owner already stores the same account (same fingerprint); false when it does. */
export async function insertBankingAccount(db: Queryable, row: BankingAccountRow): Promise<boolean> {
  const p = new SqlParams();
  const inserted = await db.query<{ id: string }>(
    `${insertRowSql(p, 'banking_accounts', bankingAccountColumns, row)}
     on conflict (workspace_id, account_id, fingerprint) do nothing returning id`,
    p.values,
  );
  return inserted.length === 1;
}

/** The owner's banking account reaching the same account: the one a duplicate would repeat. */
export async function findSameAccount(
  db: Queryable,
  row: Pick<BankingAccountRow, 'workspace_id' | 'account_id' | 'fingerprint'>,
): Promise<BankingAccountReadRow | undefined> {
  const rows = await db.query<BankingAccountReadRow>(
    `select ${readColumns} from banking_accounts where workspace_id = $1 and account_id = $2 and fingerprint = $3`,
    [row.workspace_id, row.account_id, row.fingerprint],
  );
  return rows[0];
}

/** A banking account by id, without its instrument; undefined for an id that is not a UUID (it cannot exist). */
export async function findBankingAccount(db: Queryable, id: string): Promise<BankingAccountReadRow | undefined> {
  if (!isBankingAccountId(id)) return undefined;
  const rows = await db.query<BankingAccountReadRow>(`select ${readColumns} from banking_accounts where id = $1`, [id]);
  return rows[0];
}

/** A banking account by id with its sealed instrument, for paying out to it. */
export async function findBankingAccountInstrument(db: Queryable, id: string): Promise<BankingAccountRow | undefined> {
  if (!isBankingAccountId(id)) return undefined;
  const rows = await db.query<BankingAccountRow>('select * from banking_accounts where id = $1', [id]);
  return rows[0];
}

export interface BankingAccountFilters {
  readonly currency?: string | undefined;
  /** Only this owner's (the account holding the customerEmail filter). */
  readonly accountId?: string | undefined;
  readonly limit?: number | undefined;
  readonly page?: number | undefined;
}

/** One page of the workspace's banking accounts, newest first (createdAt, then id, descending). */
export async function listBankingAccounts(
  db: Queryable,
  workspaceId: string,
  filters: BankingAccountFilters,
): Promise<BankingAccountReadRow[]> {
  const { limit, offset } = pageOf(filters);
  const params: unknown[] = [workspaceId];
  const where = [
    ...(filters.currency === undefined ? [] : [`currency = $${params.push(filters.currency)}`]),
    ...(filters.accountId === undefined ? [] : [`account_id = $${params.push(filters.accountId)}`]),
  ];
  return db.query<BankingAccountReadRow>(
    `select ${readColumns} from banking_accounts where workspace_id = $1${where.map((c) => ` and ${c}`).join('')}
     order by created_at_ms desc, id desc limit ${limit} offset ${offset}`,
    params,
  );
}

/** Deletes the workspace's banking account; false when there was none to delete. */
export async function deleteBankingAccountRow(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.query<{ id: string }>(
    'delete from banking_accounts where id = $1 and workspace_id = $2 returning id',
    [id, workspaceId],
  );
  return deleted.length === 1;
}

/** Whether any banking account is stored, in any workspace (instrument.ts: the fingerprint key's first store). */
export async function anyBankingAccountStored(db: Queryable): Promise<boolean> {
  const [held] = await db.query<{ any: boolean }>('select exists (select 1 from banking_accounts) as any');
  return held?.any === true;
}
