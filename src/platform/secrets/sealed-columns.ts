// Every place a value sealed under SECRETS_KEY is stored (platform/sealing.ts): what the re-encryption command
// rewrites and its status counts. The one place outside their owners that names these tables' columns, as the hot
// writes' statements do (docs/architecture.md, "Where SQL lives"): a rotation must reach every one of them. A test
// (sealed-columns.test.ts) compares the list with the schema's *_sealed columns, so a new one cannot be forgotten.

/** The server_keys row of the banking fingerprint key (banking-accounts/instrument.ts), stored sealed. */
export const bankingFingerprintKeyName = 'banking_account_fingerprint_key';

export interface SealedColumn {
  /** How reports name it. */
  readonly name: string;
  readonly table: string;
  /** The row's key, and its SQL type: batches page through it. */
  readonly id: string;
  readonly idType: 'uuid' | 'text' | 'bigint';
  /** SQL for the sealed text of a row; null where the row holds none. */
  readonly value: string;
  /** SQL that sets it to $1. */
  readonly assign: string;
  /** Rows per batch at most: fewer where one value is large (an identity document's bytes). */
  readonly batchSizeMax?: number;
  /**
   * Where a row written before the value was sealed keeps it in the clear (another column): re-encryption seals it
   * into this one (`assign` sets $1 and clears that column), and status counts it as 'plaintext'.
   */
  readonly clear?: { readonly value: string; readonly assign: string };
}

export const sealedColumns: readonly SealedColumn[] = [
  {
    name: 'webhook_endpoints.secret_sealed',
    table: 'webhook_endpoints',
    id: 'id',
    idType: 'uuid',
    value: 'secret_sealed',
    assign: 'secret_sealed = $1',
  },
  {
    name: 'webhook_endpoints.previous_secret_sealed',
    table: 'webhook_endpoints',
    id: 'id',
    idType: 'uuid',
    value: 'previous_secret_sealed',
    assign: 'previous_secret_sealed = $1',
  },
  {
    name: 'banking_accounts.instrument_sealed',
    table: 'banking_accounts',
    id: 'id',
    idType: 'uuid',
    value: 'instrument_sealed',
    assign: 'instrument_sealed = $1',
  },
  {
    name: 'operators.totp_secret_sealed',
    table: 'operators',
    id: 'id',
    idType: 'text',
    value: 'totp_secret_sealed',
    assign: 'totp_secret_sealed = $1',
  },
  {
    name: 'partner_users.totp_secret_sealed',
    table: 'partner_users',
    id: 'id',
    idType: 'text',
    value: 'totp_secret_sealed',
    assign: 'totp_secret_sealed = $1',
  },
  {
    name: 'kyc_documents.content_sealed',
    table: 'kyc_documents',
    id: 'session_id',
    idType: 'text',
    value: 'content_sealed',
    assign: 'content_sealed = $1',
    batchSizeMax: 5,
  },
  {
    // A bank file held for an operator (operator/bank-files/import.ts): present only until they decide.
    name: 'bank_files.content_sealed',
    table: 'bank_files',
    id: 'id',
    idType: 'text',
    value: 'content_sealed',
    assign: 'content_sealed = $1',
    batchSizeMax: 5,
  },
  {
    // A payout file (operator/payout-batches/service.ts): opened only by its download.
    name: 'payout_batches.file_content_sealed',
    table: 'payout_batches',
    id: 'id',
    idType: 'text',
    value: 'file_content_sealed',
    assign: 'file_content_sealed = $1',
    batchSizeMax: 5,
    // A batch cut before migration 0042 holds its file in the clear, in file_content.
    clear: { value: 'file_content', assign: 'file_content_sealed = $1, file_content = null' },
  },
  {
    // Queued mail (jobs/mail-delivery.ts): present only until the job ends, then dropped from the payload.
    name: "jobs.payload->'sealedMessage'",
    table: 'jobs',
    id: 'id',
    idType: 'bigint',
    value: "payload->>'sealedMessage'",
    assign: "payload = jsonb_set(payload, '{sealedMessage}', to_jsonb($1::text))",
  },
  {
    name: `server_keys.value (${bankingFingerprintKeyName})`,
    table: 'server_keys',
    id: 'name',
    idType: 'text',
    value: `case when name = '${bankingFingerprintKeyName}' then value end`,
    assign: 'value = $1',
  },
];

/**
 * Every JSON column whose sensitive fields are sealed where they sit (sensitive.ts; sensitive-columns.ts says why
 * each): the re-encryption command rewrites their sealed fields under the current key, and seals the fields of
 * documents stored before this rule (how existing rows are sealed: docs/reliability/rotation.md).
 */
export interface SealedFieldColumn {
  readonly name: string;
  readonly table: string;
  /** SQL for the row's key as text (several columns joined where the key is composite). */
  readonly id: string;
  readonly column: string;
  /**
   * 'jsonb' documents are parsed and written again (plaintext fields sealed); 'text' holds exact bytes (a stored
   * answer is replayed byte for byte), so only its sealed fields are rewritten in place, and a plaintext one is left
   * to expire with the key (24 h).
   */
  readonly type: 'jsonb' | 'text';
}

export const sealedFieldColumns: readonly SealedFieldColumn[] = [
  { name: 'withdrawals.destination', table: 'withdrawals', id: 'id::text', column: 'destination', type: 'jsonb' },
  { name: 'withdrawals.beneficiary', table: 'withdrawals', id: 'id::text', column: 'beneficiary', type: 'jsonb' },
  { name: 'openbanking_sessions.payer', table: 'openbanking_sessions', id: 'id::text', column: 'payer', type: 'jsonb' },
  { name: 'kyc_sessions.submission', table: 'kyc_sessions', id: 'id', column: 'submission', type: 'jsonb' },
  { name: 'kyc_profiles.profile', table: 'kyc_profiles', id: 'account_id', column: 'profile', type: 'jsonb' },
  { name: 'aml_screenings.subject', table: 'aml_screenings', id: 'id', column: 'subject', type: 'jsonb' },
  { name: 'orders.destination', table: 'orders', id: 'id', column: 'destination', type: 'jsonb' },
  {
    name: 'orders.destination_user_data',
    table: 'orders',
    id: 'id',
    column: 'destination_user_data',
    type: 'jsonb',
  },
  { name: 'orders.user_data', table: 'orders', id: 'id', column: 'user_data', type: 'jsonb' },
  { name: 'orders.counterparty', table: 'orders', id: 'id', column: 'counterparty', type: 'jsonb' },
  { name: 'deposits.user_data', table: 'deposits', id: 'id', column: 'user_data', type: 'jsonb' },
  { name: 'payouts.destination', table: 'payouts', id: 'payout_id', column: 'destination', type: 'jsonb' },
  { name: 'outbox_events.data', table: 'outbox_events', id: 'id::text', column: 'data', type: 'jsonb' },
  {
    name: 'pending_payments.counterparty',
    table: 'pending_payments',
    id: 'id::text',
    column: 'counterparty',
    type: 'jsonb',
  },
  { name: 'bank_entries.counterparty', table: 'bank_entries', id: 'id', column: 'counterparty', type: 'jsonb' },
  // A job's input (an order's inbound transfer names the payer); queued mail is sealed whole, above.
  { name: 'jobs.payload', table: 'jobs', id: 'id::text', column: 'payload', type: 'jsonb' },
  {
    name: 'idempotency_keys.response_body',
    table: 'idempotency_keys',
    id: 'workspace_id || chr(31) || account_scope || chr(31) || key',
    column: 'response_body',
    type: 'text',
  },
];
