import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig } from './config.js';

type Env = Record<string, string>;

const hexKey = 'ab'.repeat(32);
const base64Key = Buffer.alloc(32, 9).toString('base64');
const adminToken = 'operator-token-0123456789';

/** The ConfigError loadConfig throws for env, or a failed expectation when it accepts it. */
function refusal(env: Env): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('an empty environment gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './.data',
      databaseUrl: undefined,
      brokerageEnv: 'stage',
      adminToken: undefined,
      quoteTtlSeconds: 30,
      orderPaymentWindowSeconds: 86_400,
      writeRateLimitPerMinute: 300,
      logLevel: 'info',
      publicBaseUrl: 'http://127.0.0.1:3000',
      webhookAllowInsecure: false,
      webhookDisableAfterHours: 72,
      webhookSecretGraceHours: 24,
      eventRetentionDays: 30,
      secretsKey: undefined,
      secretsDecryptKeys: [],
      jobRetentionDays: 7,
      idempotencyKeyRetentionHours: 24,
      withdrawalReturnWindowDays: 90,
      hostedSessionRetentionDays: 7,
      quoteRetentionDays: 7,
      housekeepingIntervalMinutes: 60,
      housekeepingBatchSize: 1000,
      housekeepingBatchPauseMs: 20,
    } satisfies Partial<Config>);
  });

  it('blank and whitespace-only values count as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '  ', LOG_LEVEL: ' ', DATA_DIR: '' })).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      dataDir: './.data',
    });
  });

  it('PUBLIC_BASE_URL defaults to http://HOST:PORT, bracketing an IPv6 host', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicBaseUrl).toBe('http://0.0.0.0:8080');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicBaseUrl).toBe('http://[::1]:8080');
  });
});

describe('loadConfig accepts valid values', () => {
  const cases: Array<[string, Env, Partial<Config>]> = [
    ['PORT 0 (any free port)', { PORT: '0' }, { port: 0 }],
    ['PORT 65535', { PORT: '65535' }, { port: 65_535 }],
    ['PORT surrounded by spaces', { PORT: ' 8080 ' }, { port: 8080 }],
    ['HOST', { HOST: '0.0.0.0' }, { host: '0.0.0.0' }],
    ['DATA_DIR', { DATA_DIR: '/var/lib/brokerage' }, { dataDir: '/var/lib/brokerage' }],
    ['BROKERAGE_ENV stage', { BROKERAGE_ENV: 'stage' }, { brokerageEnv: 'stage' }],
    ['DATABASE_URL postgres://', { DATABASE_URL: 'postgres://u:p@db/x' }, { databaseUrl: 'postgres://u:p@db/x' }],
    ['DATABASE_URL postgresql://', { DATABASE_URL: 'postgresql://db/x' }, { databaseUrl: 'postgresql://db/x' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '25' }, { databasePoolSize: 25 }],
    ['DATABASE_ACQUIRE_TIMEOUT_MS', { DATABASE_ACQUIRE_TIMEOUT_MS: '1500' }, { databaseAcquireTimeoutMs: 1500 }],
    [
      'DATABASE_STATEMENT_TIMEOUT_MS',
      { DATABASE_STATEMENT_TIMEOUT_MS: '10000' },
      { databaseStatementTimeoutMs: 10000 },
    ],
    [
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      { DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '8000' },
      { databaseIdleInTransactionTimeoutMs: 8000 },
    ],
    ['QUOTE_TTL_SECONDS 1', { QUOTE_TTL_SECONDS: '1' }, { quoteTtlSeconds: 1 }],
    ['QUOTE_TTL_SECONDS 3600', { QUOTE_TTL_SECONDS: '3600' }, { quoteTtlSeconds: 3600 }],
    ['ORDER_PAYMENT_WINDOW_SECONDS', { ORDER_PAYMENT_WINDOW_SECONDS: '600' }, { orderPaymentWindowSeconds: 600 }],
    ['WRITE_RATE_LIMIT_PER_MINUTE', { WRITE_RATE_LIMIT_PER_MINUTE: '1000' }, { writeRateLimitPerMinute: 1000 }],
    ['LOG_LEVEL debug', { LOG_LEVEL: 'debug' }, { logLevel: 'debug' }],
    ['LOG_LEVEL silent', { LOG_LEVEL: 'silent' }, { logLevel: 'silent' }],
    [
      'PUBLIC_BASE_URL https, trailing slashes dropped',
      { PUBLIC_BASE_URL: 'https://api.example.com//' },
      { publicBaseUrl: 'https://api.example.com' },
    ],
    ['ADMIN_TOKEN of 16 characters', { ADMIN_TOKEN: '0123456789abcdef' }, { adminToken: '0123456789abcdef' }],
    ['WEBHOOK_ALLOW_INSECURE 1', { WEBHOOK_ALLOW_INSECURE: '1' }, { webhookAllowInsecure: true }],
    ['WEBHOOK_ALLOW_INSECURE true', { WEBHOOK_ALLOW_INSECURE: 'true' }, { webhookAllowInsecure: true }],
    ['WEBHOOK_ALLOW_INSECURE TRUE', { WEBHOOK_ALLOW_INSECURE: 'TRUE' }, { webhookAllowInsecure: true }],
    ['WEBHOOK_ALLOW_INSECURE 0', { WEBHOOK_ALLOW_INSECURE: '0' }, { webhookAllowInsecure: false }],
    ['WEBHOOK_ALLOW_INSECURE false', { WEBHOOK_ALLOW_INSECURE: 'false' }, { webhookAllowInsecure: false }],
    ['WEBHOOK_ALLOW_INSECURE FALSE', { WEBHOOK_ALLOW_INSECURE: 'FALSE' }, { webhookAllowInsecure: false }],
    ['WEBHOOK_DISABLE_AFTER_HOURS 1', { WEBHOOK_DISABLE_AFTER_HOURS: '1' }, { webhookDisableAfterHours: 1 }],
    ['WEBHOOK_SECRET_GRACE_HOURS 0', { WEBHOOK_SECRET_GRACE_HOURS: '0' }, { webhookSecretGraceHours: 0 }],
    ['EVENT_RETENTION_DAYS 1', { EVENT_RETENTION_DAYS: '1' }, { eventRetentionDays: 1 }],
    ['EVENT_RETENTION_DAYS 3650', { EVENT_RETENTION_DAYS: '3650' }, { eventRetentionDays: 3650 }],
    ['EVENT_RETENTION_DAYS', { EVENT_RETENTION_DAYS: '90' }, { eventRetentionDays: 90 }],
    ['JOB_RETENTION_DAYS', { JOB_RETENTION_DAYS: '1' }, { jobRetentionDays: 1 }],
    [
      'IDEMPOTENCY_KEY_RETENTION_HOURS',
      { IDEMPOTENCY_KEY_RETENTION_HOURS: '48' },
      { idempotencyKeyRetentionHours: 48 },
    ],
    ['WITHDRAWAL_RETURN_WINDOW_DAYS', { WITHDRAWAL_RETURN_WINDOW_DAYS: '60' }, { withdrawalReturnWindowDays: 60 }],
    ['HOSTED_SESSION_RETENTION_DAYS', { HOSTED_SESSION_RETENTION_DAYS: '3' }, { hostedSessionRetentionDays: 3 }],
    ['QUOTE_RETENTION_DAYS', { QUOTE_RETENTION_DAYS: '2' }, { quoteRetentionDays: 2 }],
    ['HOUSEKEEPING_INTERVAL_MINUTES', { HOUSEKEEPING_INTERVAL_MINUTES: '15' }, { housekeepingIntervalMinutes: 15 }],
    ['HOUSEKEEPING_BATCH_SIZE', { HOUSEKEEPING_BATCH_SIZE: '500' }, { housekeepingBatchSize: 500 }],
    ['HOUSEKEEPING_BATCH_PAUSE_MS 0', { HOUSEKEEPING_BATCH_PAUSE_MS: '0' }, { housekeepingBatchPauseMs: 0 }],
  ];
  it.each(cases)('%s', (_name, env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it('SECRETS_KEY as 64 hex digits is decoded to 32 bytes', () => {
    expect(loadConfig({ SECRETS_KEY: hexKey }).secretsKey).toEqual(Buffer.from(hexKey, 'hex'));
    expect(loadConfig({ SECRETS_KEY: hexKey.toUpperCase() }).secretsKey).toEqual(Buffer.from(hexKey, 'hex'));
  });

  it('SECRETS_KEY as base64 is decoded to 32 bytes', () => {
    expect(loadConfig({ SECRETS_KEY: base64Key }).secretsKey).toEqual(Buffer.alloc(32, 9));
  });

  it('SECRETS_DECRYPT_KEYS lists keys separated by commas, in either format', () => {
    expect(loadConfig({ SECRETS_DECRYPT_KEYS: ` ${hexKey} , ${base64Key}` }).secretsDecryptKeys).toEqual([
      Buffer.from(hexKey, 'hex'),
      Buffer.alloc(32, 9),
    ]);
  });

  it.each([
    ['one short entry', `${hexKey},abcd`, 'entry 2 of 2'],
    ['an empty entry', `${hexKey},`, 'entry 2 of 2'],
    ['a key of 33 bytes', Buffer.alloc(33, 1).toString('base64'), 'entry 1 of 1'],
  ])('SECRETS_DECRYPT_KEYS with %s is refused at start, naming the entry and not its value', (_, raw, where) => {
    const error = refusal({ SECRETS_DECRYPT_KEYS: raw, SECRETS_KEY: 'c'.repeat(64) });
    expect(error.problems).toEqual([expect.stringContaining(`SECRETS_DECRYPT_KEYS (${where})`)]);
    expect(error.message).not.toContain('abcd');
  });

  it('BROKERAGE_ENV=production starts with ADMIN_TOKEN and SECRETS_KEY', () => {
    const config = loadConfig({ BROKERAGE_ENV: 'production', ADMIN_TOKEN: adminToken, SECRETS_KEY: hexKey });
    expect(config).toMatchObject({ brokerageEnv: 'production', adminToken, sandboxSettleDelayMs: 0 });
  });

  it('BROKERAGE_PROVIDERS_FILE names the providers file in production', () => {
    const env = { BROKERAGE_ENV: 'production', ADMIN_TOKEN: adminToken, SECRETS_KEY: hexKey };
    expect(loadConfig({ ...env, BROKERAGE_PROVIDERS_FILE: '/etc/brokerage/providers.json' }).providersFile).toBe(
      '/etc/brokerage/providers.json',
    );
  });
});

describe('loadConfig refuses invalid values, naming the variable', () => {
  const cases: Array<[string, Env]> = [
    ['PORT', { PORT: 'abc' }],
    ['WEBHOOK_DISABLE_AFTER_HOURS', { WEBHOOK_DISABLE_AFTER_HOURS: '0' }],
    ['WEBHOOK_DISABLE_AFTER_HOURS', { WEBHOOK_DISABLE_AFTER_HOURS: '76' }],
    ['WEBHOOK_SECRET_GRACE_HOURS', { WEBHOOK_SECRET_GRACE_HOURS: '169' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['BROKERAGE_ENV', { BROKERAGE_ENV: 'prod' }],
    ['BROKERAGE_ENV', { BROKERAGE_ENV: 'Production' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['QUOTE_TTL_SECONDS', { QUOTE_TTL_SECONDS: '0' }],
    ['QUOTE_TTL_SECONDS', { QUOTE_TTL_SECONDS: '3601' }],
    ['QUOTE_TTL_SECONDS', { QUOTE_TTL_SECONDS: '30s' }],
    ['WRITE_RATE_LIMIT_PER_MINUTE', { WRITE_RATE_LIMIT_PER_MINUTE: '0' }],
    ['WRITE_RATE_LIMIT_PER_MINUTE', { WRITE_RATE_LIMIT_PER_MINUTE: 'lots' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '0' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '201' }],
    ['DATABASE_ACQUIRE_TIMEOUT_MS', { DATABASE_ACQUIRE_TIMEOUT_MS: '99' }],
    ['DATABASE_STATEMENT_TIMEOUT_MS', { DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }],
    ['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', { DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '600001' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'localhost:5432' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'ftp://x' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'not a url' }],
    ['ADMIN_TOKEN', { ADMIN_TOKEN: 'short' }],
    ['SECRETS_KEY', { SECRETS_KEY: 'abcd' }],
    ['SECRETS_KEY', { SECRETS_KEY: 'ab'.repeat(31) }],
    ['SECRETS_KEY', { SECRETS_KEY: Buffer.alloc(33, 1).toString('base64') }],
    ['WEBHOOK_ALLOW_INSECURE', { WEBHOOK_ALLOW_INSECURE: 'yes' }],
    ['WEBHOOK_ALLOW_INSECURE', { WEBHOOK_ALLOW_INSECURE: 'on' }],
    ['EVENT_RETENTION_DAYS', { EVENT_RETENTION_DAYS: '0' }],
    ['EVENT_RETENTION_DAYS', { EVENT_RETENTION_DAYS: '3651' }],
    ['EVENT_RETENTION_DAYS', { EVENT_RETENTION_DAYS: '30d' }],
    ['JOB_RETENTION_DAYS', { JOB_RETENTION_DAYS: 'week' }],
    // A completed key replays for 24 hours (spec, Idempotent writes 6): it is never pruned sooner.
    ['IDEMPOTENCY_KEY_RETENTION_HOURS', { IDEMPOTENCY_KEY_RETENTION_HOURS: '23' }],
    ['WITHDRAWAL_RETURN_WINDOW_DAYS', { WITHDRAWAL_RETURN_WINDOW_DAYS: '0' }],
    ['HOSTED_SESSION_RETENTION_DAYS', { HOSTED_SESSION_RETENTION_DAYS: '3651' }],
    ['QUOTE_RETENTION_DAYS', { QUOTE_RETENTION_DAYS: '-1' }],
    ['HOUSEKEEPING_INTERVAL_MINUTES', { HOUSEKEEPING_INTERVAL_MINUTES: '0' }],
    ['HOUSEKEEPING_BATCH_SIZE', { HOUSEKEEPING_BATCH_SIZE: '10001' }],
    ['HOUSEKEEPING_BATCH_PAUSE_MS', { HOUSEKEEPING_BATCH_PAUSE_MS: '1.5' }],
  ];
  it.each(cases)('%s = %j', (name, env) => {
    const error = refusal(env);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toContain(name);
    expect(error.message).toContain(name);
  });

  it('secret values are never echoed back in the error', () => {
    const error = refusal({
      DATABASE_URL: 'mysql://user:hunter2-db@x',
      ADMIN_TOKEN: 'hunter2',
      SECRETS_KEY: 'hunter2-key',
    });
    expect(error.problems).toHaveLength(3);
    expect(error.message).not.toContain('hunter2');
  });
});

describe('ConfigError', () => {
  it('lists every problem at once, one per variable', () => {
    const error = refusal({
      PORT: 'abc',
      BROKERAGE_ENV: 'prod',
      LOG_LEVEL: 'loud',
      QUOTE_TTL_SECONDS: '0',
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
      DATABASE_URL: 'mysql://x',
      PUBLIC_BASE_URL: 'ftp://x',
      SECRETS_KEY: 'too-short',
      ADMIN_TOKEN: 'short',
      WEBHOOK_ALLOW_INSECURE: 'yes',
    });
    const names = [
      'PORT',
      'BROKERAGE_ENV',
      'LOG_LEVEL',
      'QUOTE_TTL_SECONDS',
      'WRITE_RATE_LIMIT_PER_MINUTE',
      'DATABASE_URL',
      'PUBLIC_BASE_URL',
      'SECRETS_KEY',
      'ADMIN_TOKEN',
      'WEBHOOK_ALLOW_INSECURE',
    ];
    expect(error.problems).toHaveLength(names.length);
    for (const name of names) {
      expect(
        error.problems.filter((p) => p.startsWith(`${name} `)),
        name,
      ).toHaveLength(1);
      expect(error.message).toContain(`  - ${name} `);
    }
  });

  it('BROKERAGE_ENV=production without ADMIN_TOKEN or SECRETS_KEY is refused, naming both', () => {
    const error = refusal({ BROKERAGE_ENV: 'production' });
    expect(error.problems).toHaveLength(2);
    expect(error.problems.some((p) => p.startsWith('ADMIN_TOKEN') && p.includes('production'))).toBe(true);
    expect(error.problems.some((p) => p.startsWith('SECRETS_KEY') && p.includes('production'))).toBe(true);
  });

  it.each([
    ['ADMIN_TOKEN', { SECRETS_KEY: hexKey }],
    ['SECRETS_KEY', { ADMIN_TOKEN: adminToken }],
  ])('BROKERAGE_ENV=production without %s alone is refused', (name, env) => {
    const error = refusal({ BROKERAGE_ENV: 'production', ...env });
    expect(error.problems).toEqual([expect.stringContaining(name)]);
  });

  it('BROKERAGE_ENV=production with a malformed SECRETS_KEY reports the format, not only its absence', () => {
    const error = refusal({ BROKERAGE_ENV: 'production', ADMIN_TOKEN: adminToken, SECRETS_KEY: 'abcd' });
    expect(error.problems.some((p) => p.includes('32 bytes'))).toBe(true);
  });

  it('the sandbox settings belong to stage: a providers file on stage, a settle delay in production', () => {
    expect(refusal({ BROKERAGE_PROVIDERS_FILE: '/tmp/providers.json' }).problems).toEqual([
      expect.stringContaining('BROKERAGE_PROVIDERS_FILE'),
    ]);
    const production = { BROKERAGE_ENV: 'production', ADMIN_TOKEN: adminToken, SECRETS_KEY: hexKey };
    expect(refusal({ ...production, SANDBOX_SETTLE_DELAY_MS: '2000' }).problems).toEqual([
      expect.stringContaining('SANDBOX_SETTLE_DELAY_MS'),
    ]);
  });
});
