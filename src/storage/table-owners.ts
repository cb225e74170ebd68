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
  payouts: 'src/payouts',
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
  webhook_endpoints: 'src/resources/webhooks',
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
  bank_files: 'src/resources/bank-files',
  bank_entries: 'src/resources/bank-files',
  bank_statements: 'src/resources/bank-files',
  bank_balances: 'src/resources/bank-files',
  payout_batches: 'src/resources/payout-batches',
  provider_callbacks: 'src/resources/provider-callbacks',
  operators: 'src/resources/operators',
  operator_sessions: 'src/resources/operators',
  sign_in_throttles: 'src/resources/operators',
  // Replaced by sign_in_throttles (migration 0041), still used by the previous version during a rolling deploy and
  // dropped by a later release: no code of this version touches them.
  operator_login_attempts: 'src/resources/operators',
  login_throttle: 'src/resources/oauth',
} as const satisfies Readonly<Record<string, string>>;

export type TableName = keyof typeof tableOwners;

/** The tables whose sealed values the secrets re-encryption reads and rewrites (platform/secrets/sealed-columns.ts). */
const sealedTables: readonly TableName[] = [
  'webhook_endpoints',
  'banking_accounts',
  'operators',
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
    module: 'src/resources/console',
    tables: 'any',
    reason:
      "The operator console's search, queues, timeline, ledger and bank-file pages: a view across every workspace and module.",
  },
  {
    module: 'src/resources/overview',
    tables: 'any',
    reason: 'GET /admin/v1/overview and /stats/daily: each queue counted by the SQL its list reads, the daily figures.',
  },
  {
    module: 'src/jobs/housekeeping',
    tables: 'any',
    reason: 'Retention: what may be pruned depends on other rows (an order not final keeps its Idempotency-Key).',
  },
  {
    module: 'src/resources/bank-files/reconciliation.ts',
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
export const knownViolations: readonly KnownViolation[] = [
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/events/attempt-record.ts',
    table: 'webhook_endpoints',
    note: "Retries disable a failing endpoint (is_active, disabled_at_ms): the endpoint row is the webhooks resource's.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/events/balance-updated.ts',
    table: 'balances',
    note: "recordBalanceUpdated reads the ledger's balance row (`balances`) to build balance_updated.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/events/dispatcher.ts',
    table: 'webhook_endpoints',
    note: 'The fan-out and the send join the endpoints (url, secrets, enabled events, retry policy).',
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/events/resend.ts',
    table: 'webhook_endpoints',
    note: "A re-send picks the workspace's active endpoints for the event.",
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/jobs/housekeeping/targets.ts',
    table: 'webhook_deliveries',
    note: "Housekeeping deletes delivered events' delivery log itself; the owner could export its prune statement.",
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/jobs/housekeeping/targets.ts',
    table: 'outbox_events',
    note: 'Housekeeping deletes outbox rows past the event retention itself.',
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/jobs/housekeeping/targets.ts',
    table: 'idempotency_keys',
    note: 'Housekeeping deletes completed Idempotency-Keys past their replay window itself.',
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/jobs/housekeeping/targets.ts',
    table: 'kyc_sessions',
    note: 'Housekeeping deletes expired, never submitted verification attempts itself.',
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/jobs/housekeeping/targets.ts',
    table: 'openbanking_sessions',
    note: 'Housekeeping deletes expired or cancelled payment forms itself.',
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/jobs/housekeeping/targets.ts',
    table: 'quotes',
    note: 'Housekeeping deletes expired quotes no order used itself.',
  },
  {
    rule: 'sql-in-repositories-only',
    file: 'src/resources/aml-screenings/gate.ts',
    note: "The AML gate's confirmed-match query (and the SQL part the keyed writes embed) is not in repo.ts.",
  },
  {
    rule: 'sql-in-repositories-only',
    file: 'src/resources/bank-files/reconciliation.ts',
    note: 'The reconciliation report (a declared read model) runs its SQL outside a repo file.',
  },
  {
    rule: 'sql-in-repositories-only',
    file: 'src/resources/banking-accounts/instrument.ts',
    note: "The fingerprint key's first store asks whether any banking account exists, outside repo.ts.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/collections/credit.ts',
    table: 'deposits',
    note: 'Matching an inbound credit reads deposits by reference itself instead of through deposits/repo.ts.',
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/collections/credit.ts',
    table: 'orders',
    note: 'Matching an inbound credit reads orders by reference itself instead of through orders/repo.ts.',
  },
  {
    rule: 'sql-in-repositories-only',
    file: 'src/resources/collections/credit.ts',
    note: 'collections has no repository: its matching query is in credit.ts.',
  },
  {
    rule: 'sql-in-repositories-only',
    file: 'src/resources/console/attention.ts',
    note: "The console's home counts audit-log releases in the page's own file, not in a *-repo.ts.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/deposits/repo-methods.ts',
    table: 'accounts',
    note: "Deposit methods are read joined with their account's email.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/deposits/repo.ts',
    table: 'openbanking_sessions',
    note: "A deposit is read with its newest open banking session's summary (a subquery).",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/events/repo.ts',
    table: 'outbox_events',
    note: 'The events API pages the outbox directly; events/ could export the reads.',
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/kyc/repo-profiles.ts',
    table: 'accounts',
    note: "A KYC profile's customer account is found by email with SQL of its own.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/kyc/repo-reviews.ts',
    table: 'accounts',
    note: "The manual review reads the account under review and its representatives' profiles.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/kyc/repo-reviews.ts',
    table: 'organisation_representatives',
    note: "The manual review reads an organisation's representatives.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/openbanking/repo.ts',
    table: 'jobs',
    note: 'The settle job locks the inbound-transfer job it queued, found by its payload marker.',
  },
  {
    rule: 'sql-in-repositories-only',
    file: 'src/resources/orders/day-counts.ts',
    note: 'The fold of the order-count deltas runs its statement outside repo.ts.',
  },
  {
    rule: 'sql-in-repositories-only',
    file: 'src/resources/orders/read.ts',
    note: 'GET /v1/orders/{id} reads the shown columns outside repo.ts.',
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/orders/repo.ts',
    table: 'accounts',
    note: 'An on-behalf order reads the customer or organisation account itself.',
  },
  {
    rule: 'sql-in-repositories-only',
    file: 'src/resources/overview/queues.ts',
    note: "The overview's queues (a declared read model) hold their SQL in queues.ts, not a repo file.",
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/resources/payout-batches/repo.ts',
    table: 'payouts',
    note: 'Cutting a batch marks its payouts batched in the payouts register itself.',
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/pending-payments/repo.ts',
    table: 'accounts',
    note: "Pending payments are listed joined with their account (the list source's FROM).",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/provider-callbacks/repo.ts',
    table: 'deposits',
    note: "The payin rail of a callback's deposit is read from deposits directly.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/provider-callbacks/repo.ts',
    table: 'orders',
    note: "The payin rail of a callback's order is read from orders directly.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/provider-callbacks/repo.ts',
    table: 'wallet_addresses',
    note: "A crypto callback's deposit is found from the wallet address register directly.",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/webhooks/repo-deliveries.ts',
    table: 'orders',
    note: "The re-send of an entity's latest event reads the order's status (table chosen at run time).",
  },
  {
    rule: 'table-read-by-owner-or-read-model',
    file: 'src/resources/webhooks/repo-deliveries.ts',
    table: 'deposits',
    note: "The re-send of an entity's latest event reads the deposit's status (table chosen at run time).",
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/resources/webhooks/repo-deliveries.ts',
    table: 'outbox_events',
    note: 'A test event is inserted into the outbox by the webhooks resource.',
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/resources/webhooks/repo-deliveries.ts',
    table: 'webhook_deliveries',
    note: 'A test delivery (and the delivery log it reads) is written by the webhooks resource.',
  },
  {
    rule: 'table-written-by-its-owner-only',
    file: 'src/verification/verification.ts',
    table: 'accounts',
    note: 'Verification status moves update accounts.verification_status and kyc_id.',
  },
];
