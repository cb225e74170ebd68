// Who owns which table (issue #29, item 2; docs/architecture.md, "Who owns which table"): data only, read by
// scripts/check-table-ownership.ts (`npm run lint:tables`, part of `npm run lint`) and by
// test/storage/table-owners.test.ts, which holds the tables below to the schema the migrations build.
//
// A module is a folder (`src/resources/orders`) or a file, named from the repository root. The owner of a table is
// the module whose code creates its rows; only the owner writes it (insert, update, delete, merge, truncate), and
// only the owner and the declared read models read it. Within a resource's folder, the SQL is in its repositories
// (`repo*.ts`, `*-repo.ts`; docs/architecture.md, "Where SQL lives"). The check prints a break as
// `error <rule>: <file> → <table> (owned by <module>)`, as dependency-cruiser prints an import rule's; its
// `--accesses` option lists every table each file reads and writes, with the line.

/** The rules of the check, as it prints them. */
export type TableRule =
  | 'table-written-by-its-owner-only'
  | 'table-read-by-owner-or-read-model'
  | 'sql-in-repositories-only';

/** A module allowed to read tables it does not own. */
export interface ReadModel {
  readonly module: string;
  /** What it may read: every table, or the ones named. */
  readonly tables: 'any' | readonly TableName[];
  readonly reason: string;
}

/**
 * A break of a rule that exists today: listed so that the check passes, and failing the check once it is gone. A
 * table rule's break is one file and one table; sql-in-repositories-only's is one file, whatever tables it names.
 */
export type KnownViolation =
  | {
      readonly rule: Exclude<TableRule, 'sql-in-repositories-only'>;
      readonly file: string;
      readonly table: TableName;
      readonly note: string;
    }
  | { readonly rule: 'sql-in-repositories-only'; readonly file: string; readonly note: string };

/** Every table of the schema (migrations/), and the module that owns it. */
export const tableOwners = {
  // The migrations applied (storage/migrate.ts).
  schema_migrations: 'src/storage',
  // Workspaces: the tenant, created and changed by the operator API through workspaces/repo.ts.
  workspaces: 'src/workspaces',
  // Authentication and keys.
  server_keys: 'src/storage',
  token_signing_keys: 'src/storage',
  idempotency_keys: 'src/platform',
  write_rate_windows: 'src/platform',
  audit_log: 'src/platform/audit',
  // The partner request log: written in batches by its writer, read by the dashboard through its repository.
  request_log_batches: 'src/platform/request-log',
  // Shared capabilities.
  accounts: 'src/accounts',
  organisation_representatives: 'src/accounts',
  ledger_entries: 'src/ledger',
  ledger_postings: 'src/ledger',
  balances: 'src/ledger',
  jobs: 'src/jobs',
  housekeeping_runs: 'src/jobs/housekeeping',
  outbox_events: 'src/events',
  webhook_deliveries: 'src/events',
  // The delivery engine's: the dispatcher fans each event out to the endpoints and signs with their secrets in its
  // own statements, and its retries disable a failing one (events/dispatcher.ts, attempt-record.ts), from below the
  // resources it cannot call. The webhooks resource creates and changes them through events/endpoints.ts, as the
  // operator API does workspaces through workspaces/repo.ts.
  webhook_endpoints: 'src/events',
  payouts: 'src/payouts',
  // The partner dashboard's people and their sessions (issue 30): managed by operators and the workspace's admins.
  partner_users: 'src/partner-users',
  partner_user_sessions: 'src/partner-users',
  // Providers' own stores.
  sandbox_mailbox: 'src/providers/mail',
  sanctions_lists: 'src/providers/screening',
  sanctions_entries: 'src/providers/screening',
  wallet_counters: 'src/providers/wallets',
  wallet_addresses: 'src/providers/wallets',
  // Resources.
  quotes: 'src/resources/quotes',
  orders: 'src/resources/orders',
  // Kept by triggers on orders (migrations 0017, 0037) and folded by orders/day-counts.ts.
  order_day_counts: 'src/resources/orders',
  order_day_count_deltas: 'src/resources/orders',
  deposits: 'src/resources/deposits',
  deposit_methods: 'src/resources/deposits',
  withdrawals: 'src/resources/withdrawals',
  pending_payments: 'src/resources/pending-payments',
  banking_accounts: 'src/resources/banking-accounts',
  kyc_profiles: 'src/resources/kyc',
  kyc_sessions: 'src/resources/kyc',
  kyc_documents: 'src/resources/kyc',
  openbanking_sessions: 'src/resources/openbanking',
  conversations: 'src/resources/conversations',
  conversation_messages: 'src/resources/conversations',
  conversation_attachments: 'src/resources/conversations',
  support_tickets: 'src/resources/support-tickets',
  support_ticket_messages: 'src/resources/support-tickets',
  aml_screenings: 'src/resources/aml-screenings',
  bank_files: 'src/operator/bank-files',
  bank_entries: 'src/operator/bank-files',
  bank_statements: 'src/operator/bank-files',
  bank_balances: 'src/operator/bank-files',
  payout_batches: 'src/operator/payout-batches',
  provider_callbacks: 'src/provider-protocol',
  operators: 'src/operator/operators',
  operator_sessions: 'src/operator/operators',
  sign_in_throttles: 'src/platform',
  // Replaced by sign_in_throttles (migration 0041), still used by the previous version during a rolling deploy and
  // dropped by a later release: no code of this version touches them.
  operator_login_attempts: 'src/operator/operators',
  login_throttle: 'src/resources/oauth',
  // Replaced by request_log_batches (migration 0047) in the same way.
  request_log: 'src/platform/request-log',
} as const satisfies Readonly<Record<string, string>>;

export type TableName = keyof typeof tableOwners;

/** The tables whose sealed values the secrets re-encryption reads and rewrites (platform/secrets/sealed-columns.ts). */
const sealedTables: readonly TableName[] = [
  'webhook_endpoints',
  'banking_accounts',
  'operators',
  'partner_users',
  'kyc_documents',
  'bank_files',
  'payout_batches',
  'jobs',
  'server_keys',
  'withdrawals',
  'openbanking_sessions',
  'kyc_sessions',
  'kyc_profiles',
  'aml_screenings',
  'orders',
  'deposits',
  'payouts',
  'outbox_events',
  'pending_payments',
  'bank_entries',
  'idempotency_keys',
];

/** The modules that may read tables they do not own: views across modules, each for one stated reason. */
export const readModels: readonly ReadModel[] = [
  {
    module: 'src/operator/console',
    tables: 'any',
    reason:
      "The operator console's search, queues, timeline, ledger and bank-file pages: a view across every workspace and module.",
  },
  {
    module: 'src/operator/overview',
    tables: 'any',
    reason: 'GET /admin/v1/overview and /stats/daily: each queue counted by the SQL its list reads, the daily figures.',
  },
  {
    module: 'src/resources/kyc/repo-reviews.ts',
    tables: ['accounts', 'organisation_representatives'],
    reason:
      "The verification queue (GET /admin/v1/verifications, the console's manual review): the accounts' verification statuses across workspaces, filtered, ordered and paged in one statement with each one's newest attempt, the representative a KYB decision names and the person's profile.",
  },
  {
    module: 'src/operator/bank-files/reconciliation-repo.ts',
    tables: 'any',
    reason: "The reconciliation report: the bank's balances and lines against the ledger and the payouts register.",
  },
  {
    module: 'src/platform/secrets',
    tables: sealedTables,
    reason:
      'Key rotation must reach every sealed column (sealed-columns.ts); it also rewrites them, by table names held as data, which the check cannot see.',
  },
];

/**
 * Every break of the rules today (issue #29), to be fixed, not added to: the check fails on a break not listed here
 * and on a listed one that no longer occurs, so this list only shrinks.
 */
export const knownViolations: readonly KnownViolation[] = [];
