// The inventory of sensitive data at rest (issue #28; the rule is in sensitive.ts): every text, JSON, array or bytea
// column of the schema is named here once, either as a column that can hold a full account number, IBAN, card-like
// number, identity document's details, tax id or date of birth (with how it is kept), or as one that cannot. A test
// (test/storage/sensitive-columns.test.ts) compares both lists with information_schema, so a new column cannot be
// added without deciding which it is; test/api/sensitive-at-rest.test.ts creates every resource with marker values
// and scans every table for them.

export type AtRest =
  /** The whole value sealed under SECRETS_KEY, in sealed-columns.ts (rotated by `npm run secrets`). */
  | 'sealed'
  /** A JSON document whose sensitive fields are sealed where they sit (sensitive.ts), in sealedFieldColumns. */
  | 'sealed-fields'
  /** Only a masked form and a keyed fingerprint (banking-accounts/instrument.ts): the full value is elsewhere, sealed. */
  | 'masked'
  /** Free text or a file a person writes: no rule can tell an account number in it from prose. Out of reach, said so. */
  | 'free-text'
  /** Can hold a sensitive value in the clear today: the work left (docs/decisions/security-and-secrets.md, "Sensitive data at rest"). */
  | 'not-yet-sealed';

export interface SensitiveColumn {
  readonly holds: string;
  readonly atRest: AtRest;
  /** For not-yet-sealed and partly sealed columns: which writers seal, which do not yet. */
  readonly note?: string;
}

/** Columns that can hold a sensitive value, by `table.column`. */
export const sensitiveColumns: Readonly<Record<string, SensitiveColumn>> = {
  'banking_accounts.instrument_sealed': {
    holds: 'a stored payout instrument (IBAN, account number, tax id)',
    atRest: 'sealed',
  },
  'banking_accounts.transfer_data_masked': { holds: 'the instrument, masked', atRest: 'masked' },
  'banking_accounts.user_data_masked': { holds: 'the beneficiary identity, masked', atRest: 'masked' },
  'banking_accounts.last4': { holds: 'the last four characters of the account', atRest: 'masked' },
  'banking_accounts.fingerprint': { holds: 'a keyed HMAC of the instrument, for matching', atRest: 'masked' },
  'kyc_documents.content_sealed': { holds: 'an identity document image', atRest: 'sealed' },
  'bank_files.content_sealed': { holds: "a held bank file (payers' IBANs)", atRest: 'sealed' },
  'webhook_endpoints.secret_sealed': { holds: 'a signing secret (sealed for its own reason)', atRest: 'sealed' },
  'webhook_endpoints.previous_secret_sealed': {
    holds: 'a signing secret (sealed for its own reason)',
    atRest: 'sealed',
  },
  'operators.totp_secret_sealed': { holds: 'a TOTP secret (sealed for its own reason)', atRest: 'sealed' },
  'partner_users.totp_secret_sealed': { holds: 'a TOTP secret (sealed for its own reason)', atRest: 'sealed' },
  'withdrawals.destination': { holds: 'the payout instrument: IBAN, account number, tax id', atRest: 'sealed-fields' },
  'withdrawals.beneficiary': { holds: 'the beneficiary identity: tax id, date of birth', atRest: 'sealed-fields' },
  'openbanking_sessions.payer': { holds: "the payer's IBAN or account number", atRest: 'sealed-fields' },
  'kyc_sessions.submission': {
    holds: "the identity document's type, number, expiry and issuing country as typed",
    atRest: 'sealed-fields',
  },
  'idempotency_keys.response_body': {
    holds: 'a stored answer, which echoes a destination or a payer',
    atRest: 'sealed-fields',
    note: "withdrawals', orders' and deposits' answers carry their row's sealed fields (the view is built from the row)",
  },
  'outbox_events.data': {
    holds: "an event's data (the resource's view: destination, counterparty)",
    atRest: 'sealed-fields',
    note: "withdrawals', orders' and deposits' events carry their row's sealed fields, opened to sign and send (events/dispatcher.ts)",
  },
  'payouts.destination': {
    holds: 'the destination a real rail pays',
    atRest: 'sealed-fields',
    note: "a withdrawal's and an order's payout are registered with their row's sealed destination, opened for the rail (jobs/rail-payout.ts); a refund's carries the pending payment's counterparty as that row holds it",
  },
  'jobs.payload': {
    holds: "a job's input (an order's inbound transfer carries the payer)",
    atRest: 'sealed-fields',
    note: "queued mail is sealed whole (sealed-columns.ts); an order's inbound transfer carries the payer's account sealed by whoever queues it (the simulator, the pay page's settlement, a bank statement's credit, the provider service's callback)",
  },
  'orders.destination': { holds: 'the payout instrument', atRest: 'sealed-fields' },
  'orders.destination_user_data': {
    holds: 'the beneficiary identity: tax id, date of birth',
    atRest: 'sealed-fields',
    note: "an order paid to a banking account keeps its tax id masked beside the sealed value (taxIdMasked), as the order's reads show it (orders/sealed-parties.ts)",
  },
  'orders.user_data': { holds: "the payer's identity: tax id, date of birth", atRest: 'sealed-fields' },
  'orders.counterparty': { holds: "the payer's IBAN or account number", atRest: 'sealed-fields' },
  'deposits.user_data': { holds: "the payer's identity: tax id, date of birth", atRest: 'sealed-fields' },
  'pending_payments.counterparty': {
    holds: "the payer's IBAN or account number",
    atRest: 'sealed-fields',
    note: "sealed as the row is written (an order's parked funds too, sealed already as the order holds them)",
  },
  'bank_entries.counterparty': { holds: "a statement line's counterparty IBAN", atRest: 'sealed-fields' },
  'payout_batches.file_content_sealed': {
    holds: "a pain.001 or NACHA file: every beneficiary's account",
    atRest: 'sealed',
  },
  'payout_batches.file_content': {
    holds: "a pain.001 or NACHA file cut before migration 0042: every beneficiary's account",
    atRest: 'sealed',
    note: 'no batch cut since writes it; `npm run secrets -- reencrypt` moves an older one into file_content_sealed, and status counts those left as plaintext',
  },
  'kyc_profiles.profile': {
    holds: 'the KYC profile: tax id, date of birth, identity document',
    atRest: 'sealed-fields',
  },
  'aml_screenings.subject': { holds: 'the screened person: date of birth', atRest: 'sealed-fields' },
  'audit_log.before': {
    holds: "an operator's change, before (a record that may carry the above)",
    atRest: 'masked',
    note: 'account numbers and tax ids masked to their last four, dates of birth, document details and sealed fields replaced (platform/audit/redaction.ts): the log is append-only, so nothing in it could be re-sealed',
  },
  'audit_log.after': { holds: "an operator's change, after", atRest: 'masked', note: 'as audit_log.before' },
  'request_log_batches.entries': {
    holds:
      "partners' requests and the answers they received: bodies (a withdrawal's destination, a KYC profile, sealed fields opened) and query strings",
    atRest: 'masked',
    note: "each body and each query parameter masked by the audit log's rule (platform/audit/redaction.ts) before it is written (platform/request-log/entry.ts, mask.ts)",
  },
  // The per-request table migration 0047 replaced, kept through a rolling deploy: masked as its successor is.
  'request_log.request_body': {
    holds: "a partner's request body (a withdrawal's destination, a KYC profile)",
    atRest: 'masked',
    note: 'as request_log_batches.entries',
  },
  'request_log.response_body': {
    holds: 'the answer a partner received, its sealed fields opened',
    atRest: 'masked',
    note: 'as request_log_batches.entries',
  },
  'request_log.query': {
    holds: "a request's query string",
    atRest: 'masked',
    note: 'as request_log_batches.entries',
  },
  'conversation_messages.body': { holds: 'a message a person writes', atRest: 'free-text' },
  'support_ticket_messages.body': { holds: 'a message a person writes', atRest: 'free-text' },
  'webhook_deliveries.answer_excerpt': {
    holds: "the start of a partner's receiver's answer to a delivery, whatever it wrote",
    atRest: 'free-text',
  },
  'support_tickets.description': { holds: 'a description a person writes', atRest: 'free-text' },
  'conversation_attachments.content': { holds: 'a file a person attaches', atRest: 'free-text' },
};

/**
 * Every other text, JSON, array or bytea column, by table: none can hold a sensitive value. Some hold an account of
 * the brokerage's own (deposit_info, bank_entries.account, bank statements, wallet addresses): shown to every payer
 * by design, not a customer's. sanctions_entries.dates_of_birth is the published sanctions list, not a customer's.
 * Key material (server_keys, token_signing_keys) follows its own rule (docs/reliability/rotation.md).
 */
export const clearColumns: Readonly<Record<string, readonly string[]>> = {
  accounts: ['id', 'workspace_id', 'kind', 'email', 'verification_status', 'external_id', 'kyc_id'],
  aml_screenings: [
    'id',
    'workspace_id',
    'account_id',
    'user_email',
    'entity_type',
    'status',
    'matches',
    'lists',
    'resolution_note',
  ],
  audit_log: [
    'actor_kind',
    'via',
    'operator_id',
    'operator_email',
    'address',
    'user_agent',
    'action',
    'workspace_id',
    'target_type',
    'target_id',
    'request_id',
    'partner_user_id',
  ],
  balances: ['account_id', 'currency'],
  bank_balances: ['account', 'currency', 'balance_date', 'file_id'],
  bank_entries: [
    'id',
    'account',
    'bank_reference',
    'file_id',
    'direction',
    'currency',
    'booking_date',
    'reference',
    'end_to_end_id',
    'status',
    'matched_kind',
    'matched_id',
    'note',
    'reverses_entry_id',
  ],
  bank_files: ['id', 'format', 'sha256', 'summary', 'status', 'reasons', 'accounts', 'decision_note'],
  bank_statements: [
    'account',
    'currency',
    'statement_id',
    'sequence_number',
    'page',
    'opening_date',
    'closing_date',
    'content_digest',
    'file_id',
  ],
  banking_accounts: ['workspace_id', 'account_id', 'customer_email', 'currency', 'rail', 'label'],
  conversation_attachments: ['file_name', 'content_type', 'sha256'],
  conversation_messages: ['author'],
  conversations: ['workspace_id', 'end_user_email', 'subject', 'status', 'opened_by', 'closed_by', 'last_message_by'],
  deposit_methods: ['id', 'workspace_id', 'account_id', 'method_type', 'currency', 'rail', 'status', 'deposit_info'],
  deposits: [
    'id',
    'workspace_id',
    'account_id',
    'payer_email',
    'currency',
    'rail',
    'status',
    'deposit_info',
    'reference_code',
  ],
  housekeeping_runs: ['removed'],
  idempotency_keys: ['workspace_id', 'account_scope', 'key', 'endpoint', 'request_hash', 'state', 'failure'],
  jobs: ['kind', 'last_error'],
  kyc_documents: ['session_id', 'content_type'],
  kyc_profiles: ['account_id', 'workspace_id'],
  kyc_sessions: [
    'id',
    'workspace_id',
    'account_id',
    'email',
    'verification_type',
    'link_hash',
    'flow_hash',
    'options',
    'step',
    'otp_hash',
    'check_ref',
  ],
  ledger_entries: ['workspace_id', 'kind', 'reference'],
  ledger_postings: ['account_id', 'currency', 'bucket'],
  openbanking_sessions: [
    'workspace_id',
    'entity_type',
    'entity_id',
    'token_hash',
    'language',
    'currency',
    'recipient',
    'reference',
    'status',
    'reason',
    'bank_id',
    'provider_reference',
  ],
  operator_sessions: ['id', 'operator_id', 'stage', 'csrf_token', 'address', 'user_agent'],
  operators: ['id', 'email', 'role', 'password_hash', 'enrolment_token_hash'],
  partner_user_sessions: ['id', 'partner_user_id', 'stage', 'csrf_token', 'address', 'user_agent'],
  partner_users: ['id', 'workspace_id', 'email', 'role', 'password_hash', 'enrolment_token_hash'],
  order_day_count_deltas: ['workspace_id', 'status'],
  order_day_counts: ['workspace_id', 'status'],
  orders: [
    'id',
    'workspace_id',
    'account_id',
    'payer_email',
    'customer_email',
    'external_reference',
    'origin_currency',
    'origin_rail',
    'destination_currency',
    'destination_rail',
    'deposit_id',
    'deposit_info',
    'reference_code',
    'payin_reference',
    'status',
    'failure_reason',
    'idempotency_key',
    'idempotency_scope',
  ],
  organisation_representatives: ['workspace_id', 'email', 'organisation_account_id'],
  outbox_events: ['workspace_id', 'type', 'event_id'],
  payout_batches: ['id', 'rail', 'currency', 'file_name', 'content_type'],
  payouts: [
    'payout_id',
    'reference',
    'subject',
    'workspace_id',
    'currency',
    'rail',
    'channel',
    'status',
    'batch_id',
    'reason',
  ],
  pending_payments: [
    'workspace_id',
    'method_id',
    'account_id',
    'currency',
    'status',
    'refund_status',
    'external_reference',
    'source_order_id',
    'linked_order_id',
  ],
  provider_callbacks: ['callback_id', 'kind', 'body_sha256', 'result', 'subject_id'],
  quotes: [
    'workspace_id',
    'origin_currency',
    'origin_rail',
    'destination_currency',
    'destination_rail',
    'fee_currency',
    'amount_direction',
    'locale',
    'customer_id',
    'customer_email',
    'user_email',
    'used_by_order_id',
    'price_source',
  ],
  request_log: ['workspace_id', 'method', 'path', 'request_id', 'idempotency_key', 'error_type'],
  request_log_batches: ['workspace_id', 'request_ids'],
  sanctions_entries: ['list', 'entry_id', 'name', 'entry_type', 'programs', 'aliases', 'dates_of_birth', 'remarks'],
  sanctions_lists: ['list', 'list_date', 'sha256'],
  // Migration 0041: a throttle's scope and key (an email or a source address). The two tables it replaces stay
  // until a later release drops them (docs/deployment.md, "Migrations on deploy"): an email typed and an address.
  sign_in_throttles: ['scope', 'key'],
  operator_login_attempts: ['email', 'address'],
  login_throttle: ['workspace_id'],
  sandbox_mailbox: ['id', 'workspace_id', 'to_email', 'subject', 'body'],
  schema_migrations: ['name'],
  server_keys: ['name', 'value'],
  support_ticket_messages: ['author'],
  support_tickets: ['workspace_id', 'subject', 'category', 'status', 'entity_type', 'entity_id'],
  token_signing_keys: ['kid', 'secret'],
  wallet_addresses: ['wallet_id', 'network', 'address', 'deposit_id'],
  wallet_counters: ['wallet_id'],
  webhook_deliveries: ['workspace_id', 'state', 'error'],
  webhook_endpoints: ['workspace_id', 'name', 'url', 'retry_policy', 'enabled_events'],
  withdrawals: [
    'workspace_id',
    'account_id',
    'currency',
    'rail',
    'status',
    'failure_reason',
    'idempotency_key',
    'idempotency_scope',
  ],
  workspaces: [
    'id',
    'name',
    'client_id',
    'username',
    'password_hash',
    'previous_password_hash',
    'enabled_pairs',
    'fee_schedule',
    'verification_profile',
    'sandbox_outcomes',
  ],
  write_rate_windows: ['workspace_id'],
};
