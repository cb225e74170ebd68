import { availableParallelism } from 'node:os';
import { limits } from './limits.js';

export type BrokerageEnv = 'stage' | 'production';
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  /** PostgreSQL: how long a request may wait for a connection (pooled or new) before it is answered 503. */
  readonly databaseAcquireTimeoutMs: number;
  /** PostgreSQL: how long one statement may run before it is cancelled and the request answered 503. */
  readonly databaseStatementTimeoutMs: number;
  /** PostgreSQL: how long a transaction may sit idle between statements before the database ends it. */
  readonly databaseIdleInTransactionTimeoutMs: number;
  readonly brokerageEnv: BrokerageEnv;
  readonly adminToken: string | undefined;
  readonly quoteTtlSeconds: number;
  /** How long an order waits for its origin funds before it expires (never tied to the quote's validity). */
  readonly orderPaymentWindowSeconds: number;
  readonly writeRateLimitPerMinute: number;
  readonly webhookAllowInsecure: boolean;
  /** A retrying endpoint is disabled once every attempt of an event has failed for this long. */
  readonly webhookDisableAfterHours: number;
  /** After a secret rotation, the replaced secret still signs webhook-signature for this long (0: not at all). */
  readonly webhookSecretGraceHours: number;
  /**
   * How long an event stays readable by the events API (GET /v1/events, read, re-send); housekeeping then removes
   * delivered ones with their delivery log.
   */
  readonly eventRetentionDays: number;
  readonly publicBaseUrl: string;
  /** 32 bytes, when given: seals every new stored secret (platform/local-secrets.ts says what happens when not). */
  readonly secretsKey: Buffer | undefined;
  /**
   * SECRETS_DECRYPT_KEYS: keys that open stored secrets but seal nothing, for a rotation without downtime
   * (docs/reliability/rotation.md): the next key before it seals, the previous one until re-encryption is done.
   */
  readonly secretsDecryptKeys: readonly Buffer[];
  readonly logLevel: LogLevel;
  /** Stage only: how long a simulated inbound transfer or payout takes to settle. */
  readonly sandboxSettleDelayMs: number;
  /** GETs per second per workspace and process before reads are slowed (never refused). */
  readonly readThrottlePerSecond: number;
  /** `npm run start:cluster`: how many server processes share the port (PostgreSQL only). */
  readonly clusterWorkers: number;
  /** Production: the providers file that connects banks, price feeds, wallets, mail (docs/operating.md). */
  readonly providersFile: string | undefined;
  /** How long a finished job is kept before housekeeping removes it. */
  readonly jobRetentionDays: number;
  /** How long a completed Idempotency-Key is kept: never less than its 24-hour replay window (spec rule 6). */
  readonly idempotencyKeyRetentionHours: number;
  /** How long after its payout a paid withdrawal may still be returned: its key is kept so a return consumes it. */
  readonly withdrawalReturnWindowDays: number;
  /** How long after expiry an unfinished hosted session (KYC, open banking) is kept. */
  readonly hostedSessionRetentionDays: number;
  /** How long after expiry a quote that backs no order is kept. */
  readonly quoteRetentionDays: number;
  /** How often housekeeping runs (once across every server process). */
  readonly housekeepingIntervalMinutes: number;
  /** Rows removed per statement: each batch is one short transaction. */
  readonly housekeepingBatchSize: number;
  /** The pause between two batches, which leaves the store to requests. */
  readonly housekeepingBatchPauseMs: number;
  /** A console session ends after this long without a request (docs/operating.md, "Operator accounts"). */
  readonly operatorSessionIdleMinutes: number;
  /** A console session ends this long after sign-in, however active. */
  readonly operatorSessionMaxHours: number;
  /** Whether every authenticated /v1 request is recorded in the partner request log (platform/request-log/). */
  readonly requestLogEnabled: boolean;
  /**
   * Whether keyed deposits and keyed rail-funded orders arriving together are written in one statement
   * (storage/group-commit.ts); off, each is a statement of its own. The bench compares the two.
   */
  readonly groupCommitEnabled: boolean;
  /** How long a request log entry is kept before housekeeping removes it. */
  readonly requestLogRetentionDays: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads and validates the environment; every problem is reported at once, each naming its variable. */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return Number(raw);
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if (!allowed.includes(raw as T)) {
      problems.push(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
      return fallback;
    }
    return raw as T;
  };

  const port = integer('PORT', limits.portDefault, 0, limits.portMax);
  const host = text('HOST') ?? '127.0.0.1';
  const brokerageEnv = oneOf<BrokerageEnv>('BROKERAGE_ENV', ['stage', 'production'], 'stage');
  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection URL');
  }
  const insecure = text('WEBHOOK_ALLOW_INSECURE');
  if (insecure !== undefined && !['1', 'true', '0', 'false'].includes(insecure.toLowerCase())) {
    problems.push(`WEBHOOK_ALLOW_INSECURE must be 1, true, 0 or false, got "${insecure}"`);
  }
  const requestLog = text('REQUEST_LOG_ENABLED');
  if (requestLog !== undefined && !['1', 'true', '0', 'false'].includes(requestLog.toLowerCase())) {
    problems.push(`REQUEST_LOG_ENABLED must be 1, true, 0 or false, got "${requestLog}"`);
  }
  const groupCommit = text('GROUP_COMMIT_ENABLED');
  if (groupCommit !== undefined && !['1', 'true', '0', 'false'].includes(groupCommit.toLowerCase())) {
    problems.push(`GROUP_COMMIT_ENABLED must be 1, true, 0 or false, got "${groupCommit}"`);
  }
  const publicBaseUrl = text('PUBLIC_BASE_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!isHttpUrl(publicBaseUrl)) problems.push(`PUBLIC_BASE_URL must be an http(s) URL, got "${publicBaseUrl}"`);
  const adminToken = text('ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < limits.adminTokenLengthMin) {
    problems.push(`ADMIN_TOKEN must be at least ${limits.adminTokenLengthMin} characters`);
  }
  const secretsKey = parseSecretsKey('SECRETS_KEY', text('SECRETS_KEY'), problems);
  const secretsDecryptKeys = parseSecretsKeyList('SECRETS_DECRYPT_KEYS', text('SECRETS_DECRYPT_KEYS'), problems);

  const config: Config = {
    port,
    host,
    dataDir: text('DATA_DIR') ?? './.data',
    databaseUrl,
    databasePoolSize: integer('DATABASE_POOL_SIZE', limits.databasePoolSizeDefault, 1, limits.databasePoolSizeMax),
    databaseAcquireTimeoutMs: integer(
      'DATABASE_ACQUIRE_TIMEOUT_MS',
      limits.databaseAcquireTimeoutDefaultMs,
      limits.databaseAcquireTimeoutMinMs,
      limits.databaseAcquireTimeoutMaxMs,
    ),
    databaseStatementTimeoutMs: integer(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      limits.databaseStatementTimeoutDefaultMs,
      limits.databaseStatementTimeoutMinMs,
      limits.databaseStatementTimeoutMaxMs,
    ),
    databaseIdleInTransactionTimeoutMs: integer(
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      limits.databaseIdleInTransactionTimeoutDefaultMs,
      limits.databaseIdleInTransactionTimeoutMinMs,
      limits.databaseIdleInTransactionTimeoutMaxMs,
    ),
    brokerageEnv,
    adminToken,
    quoteTtlSeconds: integer('QUOTE_TTL_SECONDS', limits.quoteTtlDefaultSeconds, 1, limits.quoteTtlMaxSeconds),
    orderPaymentWindowSeconds: integer(
      'ORDER_PAYMENT_WINDOW_SECONDS',
      limits.orderPaymentWindowDefaultSeconds,
      limits.orderPaymentWindowMinSeconds,
      limits.orderPaymentWindowMaxSeconds,
    ),
    writeRateLimitPerMinute: integer(
      'WRITE_RATE_LIMIT_PER_MINUTE',
      limits.writeRateLimitDefaultPerMinute,
      1,
      limits.writeRateLimitMaxPerMinute,
    ),
    webhookAllowInsecure: insecure === '1' || insecure?.toLowerCase() === 'true',
    webhookDisableAfterHours: integer(
      'WEBHOOK_DISABLE_AFTER_HOURS',
      limits.webhookDisableAfterDefaultHours,
      1,
      limits.webhookDisableAfterMaxHours,
    ),
    webhookSecretGraceHours: integer(
      'WEBHOOK_SECRET_GRACE_HOURS',
      limits.webhookSecretGraceDefaultHours,
      0,
      limits.webhookSecretGraceMaxHours,
    ),
    eventRetentionDays: integer(
      'EVENT_RETENTION_DAYS',
      limits.eventRetentionDefaultDays,
      1,
      limits.eventRetentionMaxDays,
    ),
    publicBaseUrl: publicBaseUrl.replace(/\/+$/, ''),
    secretsKey,
    secretsDecryptKeys,
    logLevel: oneOf<LogLevel>('LOG_LEVEL', logLevels, 'info'),
    // Production has no simulated delay: a payout job, a reported credit's job run as soon as they are due.
    sandboxSettleDelayMs:
      brokerageEnv === 'production'
        ? 0
        : integer('SANDBOX_SETTLE_DELAY_MS', limits.sandboxSettleDelayDefaultMs, 0, limits.sandboxSettleDelayMaxMs),
    readThrottlePerSecond: integer(
      'READ_THROTTLE_PER_SECOND',
      limits.readThrottleDefaultPerSecond,
      1,
      limits.readThrottleMaxPerSecond,
    ),
    clusterWorkers: integer('CLUSTER_WORKERS', availableParallelism(), 1, limits.clusterWorkersMax),
    providersFile: text('BROKERAGE_PROVIDERS_FILE'),
    // Housekeeping's horizons (docs/decisions/storage-and-reliability.md, "Retention and housekeeping"); a key is never pruned inside its replay window.
    jobRetentionDays: integer('JOB_RETENTION_DAYS', limits.jobRetentionDefaultDays, 1, limits.jobRetentionMaxDays),
    idempotencyKeyRetentionHours: integer(
      'IDEMPOTENCY_KEY_RETENTION_HOURS',
      limits.idempotencyKeyRetentionDefaultHours,
      limits.idempotencyKeyRetentionMinHours,
      limits.idempotencyKeyRetentionMaxHours,
    ),
    withdrawalReturnWindowDays: integer(
      'WITHDRAWAL_RETURN_WINDOW_DAYS',
      limits.withdrawalReturnWindowDefaultDays,
      1,
      limits.withdrawalReturnWindowMaxDays,
    ),
    hostedSessionRetentionDays: integer(
      'HOSTED_SESSION_RETENTION_DAYS',
      limits.hostedSessionRetentionDefaultDays,
      1,
      limits.hostedSessionRetentionMaxDays,
    ),
    quoteRetentionDays: integer(
      'QUOTE_RETENTION_DAYS',
      limits.quoteRetentionDefaultDays,
      1,
      limits.quoteRetentionMaxDays,
    ),
    housekeepingIntervalMinutes: integer(
      'HOUSEKEEPING_INTERVAL_MINUTES',
      limits.housekeepingIntervalDefaultMinutes,
      1,
      limits.housekeepingIntervalMaxMinutes,
    ),
    housekeepingBatchSize: integer(
      'HOUSEKEEPING_BATCH_SIZE',
      limits.housekeepingBatchSizeDefault,
      1,
      limits.housekeepingBatchSizeMax,
    ),
    housekeepingBatchPauseMs: integer(
      'HOUSEKEEPING_BATCH_PAUSE_MS',
      limits.housekeepingBatchPauseDefaultMs,
      0,
      limits.housekeepingBatchPauseMaxMs,
    ),
    operatorSessionIdleMinutes: integer(
      'OPERATOR_SESSION_IDLE_MINUTES',
      limits.operatorSessionIdleDefaultMinutes,
      1,
      limits.operatorSessionIdleMaxMinutes,
    ),
    operatorSessionMaxHours: integer(
      'OPERATOR_SESSION_MAX_HOURS',
      limits.operatorSessionLifetimeDefaultHours,
      1,
      limits.operatorSessionLifetimeMaxHours,
    ),
    // On unless turned off: the bench compares keyed writes with and without it (docs/performance.md).
    requestLogEnabled: requestLog === undefined || ['1', 'true'].includes(requestLog.toLowerCase()),
    groupCommitEnabled: groupCommit === undefined || ['1', 'true'].includes(groupCommit.toLowerCase()),
    requestLogRetentionDays: integer(
      'REQUEST_LOG_RETENTION_DAYS',
      limits.requestLogRetentionDefaultDays,
      1,
      limits.requestLogRetentionMaxDays,
    ),
  };
  if (brokerageEnv === 'production') {
    if (adminToken === undefined) problems.push('ADMIN_TOKEN is required when BROKERAGE_ENV=production');
    if (text('SECRETS_KEY') === undefined) problems.push('SECRETS_KEY is required when BROKERAGE_ENV=production');
    const delay = text('SANDBOX_SETTLE_DELAY_MS');
    if (delay !== undefined && delay !== '0') {
      problems.push('SANDBOX_SETTLE_DELAY_MS delays the stage sandbox only; production runs its jobs at once');
    }
  } else if (config.providersFile !== undefined) {
    problems.push('BROKERAGE_PROVIDERS_FILE connects real providers and applies to BROKERAGE_ENV=production only');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A secrets key is 32 random bytes written as 64 hex digits or as base64. A problem names the variable (and, in a
 * list, the entry's position), never the value.
 */
export function parseSecretsKey(name: string, raw: string | undefined, problems: string[]): Buffer | undefined {
  if (raw === undefined) return undefined;
  // Buffer.from(.., 'base64') skips characters it does not know, so the alphabet is checked first.
  const isHex = /^[0-9a-fA-F]{64}$/.test(raw);
  const isBase64 = /^[A-Za-z0-9+/_-]{43}=?$/.test(raw);
  const key = isHex ? Buffer.from(raw, 'hex') : isBase64 ? Buffer.from(raw, 'base64') : Buffer.alloc(0);
  if (key.length !== limits.secretsKeyBytes) {
    problems.push(
      `${name} must be ${limits.secretsKeyBytes} bytes, written as 64 hex digits or base64 (openssl rand -hex 32)`,
    );
    return undefined;
  }
  return key;
}

/** SECRETS_DECRYPT_KEYS: keys separated by commas (spaces around them ignored), each as SECRETS_KEY is written. */
function parseSecretsKeyList(name: string, raw: string | undefined, problems: string[]): Buffer[] {
  if (raw === undefined) return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  const keys: Buffer[] = [];
  entries.forEach((entry, i) => {
    const key = parseSecretsKey(
      `${name} (entry ${i + 1} of ${entries.length})`,
      entry === '' ? 'empty' : entry,
      problems,
    );
    if (key !== undefined) keys.push(key);
  });
  return keys;
}
