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
    name: 'kyc_documents.content_sealed',
    table: 'kyc_documents',
    id: 'session_id',
    idType: 'text',
    value: 'content_sealed',
    assign: 'content_sealed = $1',
    batchSizeMax: 5,
  },
  {
    // A bank file held for an operator (resources/bank-files/import.ts): present only until they decide.
    name: 'bank_files.content_sealed',
    table: 'bank_files',
    id: 'id',
    idType: 'text',
    value: 'content_sealed',
    assign: 'content_sealed = $1',
    batchSizeMax: 5,
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
