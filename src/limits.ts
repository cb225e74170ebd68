// Every numeric bound of the server in one place, unit last in the name.

/** See limits.listPageMax; named first because the thread lists share it. */
const listPageMax = 1_000_000;

export const limits = {
  accessTokenLifetimeSeconds: 300,
  /** While a process stops, how often it closes the keep-alive connections that went idle since the last sweep. */
  shutdownIdleSweepMs: 100,
  /** How often a process reloads the token-signing keys: a key added or retired reaches every process within it. */
  tokenSigningKeysRefreshMs: 10_000,
  /** A new signing key verifies at once and signs only after this, by which time every process has loaded it. */
  tokenSigningKeyActivationMs: 30_000,
  /** After a failed reload of the signing keys a process keeps the keys it has and tries again after this. */
  tokenSigningKeysRetryMs: 1_000,
  /** How long a process trusts its cached copy of a workspace (credential version, settings): rotation revokes within it. */
  workspaceCacheTtlMs: 2_000,
  /**
   * The sign-in throttles (console and token endpoint; domain/operators/sign-in-throttle.ts, docs/decisions.md,
   * "Sign-in throttles that do not lock the owner out"): each failure past the free ones doubles a hold from
   * signInBackoffBaseMs, up to the cap of its kind; a failure is forgotten signInFailuresForgetMs after the last one.
   */
  signInFreeFailures: 3,
  signInBackoffBaseMs: 1_000,
  /** The longest one source address is held, console or token endpoint. */
  signInAddressHoldMaxMs: 15 * 60_000,
  /** The longest any one account (an operator's email, a partner's client) is held after a failure. */
  signInAccountHoldMaxMs: 60_000,
  /**
   * The owner's path: an operator's right password with a valid second-factor code is never refused for longer than
   * this (the only hold it meets is its address's second-factor hold, capped here).
   */
  signInOwnerWaitMaxMs: 5_000,
  signInFailuresForgetMs: 60 * 60_000,
  /** The console's accounts are throttled in this many buckets of the typed email (bounded rows, known or not). */
  signInAccountBuckets: 65_536,
  /** Forgotten throttle rows deleted by each recorded failure. */
  signInPruneBatch: 100,
  /** Ended console sessions are kept this long, then deleted by a later sign-in. */
  operatorSessionsRetentionMs: 24 * 60 * 60_000,
  passwordLengthBytes: 24,
  quoteTtlSecondsDefault: 30,
  quoteTtlSecondsMax: 3_600,
  writeRateLimitPerMinuteDefault: 300,
  creatorMarkupMax: 0.1,
  /** Basis points a workspace fee may reach (10%). */
  feeBpsMax: 1_000,
  /** JSON numbers carry about 15 significant decimal digits exactly; an amount needing more is refused. */
  amountSignificantDigitsMax: 15,
  emailLengthMax: 254,
  bodyLimitBytes: 1_048_576,
  /** The operator's import of the OFAC SDN CSV files (about 6 MB in 2026): room for the list to grow. */
  sanctionsImportBodyLimitBytes: 64 * 1_048_576,
  /** POST /admin/v1/bank-files: a year of a busy account's camt.053 fits; banks split anything larger. */
  bankFileBodyLimitBytes: 32 * 1_048_576,
  databasePoolSizeDefault: 10,
  /**
   * While the database is away a request waits at most for a connection, then for its statement: with these
   * defaults a request of one statement is answered (503 if need be) within about 5.5 s.
   */
  databaseAcquireTimeoutMsDefault: 2_000,
  databaseStatementTimeoutMsDefault: 3_000,
  databaseIdleInTransactionTimeoutMsDefault: 5_000,
  /** How long a process keeps trying to consume the key of a write whose outcome the database left unknown. */
  unknownOutcomeRecordWindowMs: 10 * 60 * 1000,
  /** The operator's whole-ledger check reads every posting: its statements may run this long. */
  ledgerVerificationTimeoutMs: 10 * 60 * 1000,
  /** GET /health answers 503 when the database has not answered a trivial statement within this. */
  healthCheckTimeoutMs: 1_000,
  /** A completed idempotency key replays its answer this long, then starts a fresh request. */
  idempotencyReplayWindowMs: 24 * 60 * 60 * 1000,
  /** One advance of a workspace's test clock (stage) moves it at most this far: past every window the API has. */
  testClockAdvanceMaxSeconds: 31 * 24 * 60 * 60,
  /** A workspace's test clock runs at most this far ahead of the system clock, in all (about five years). */
  testClockOffsetMaxMs: 5 * 366 * 24 * 60 * 60 * 1000,
  writeRateWindowMs: 60_000,
  webhookSecretMinLength: 8,
  /** A Standard Webhooks secret (`whsec_` + base64): 24 to 64 random bytes, as that specification asks. */
  standardWebhookSecretBytesMin: 24,
  standardWebhookSecretBytesMax: 64,
  /** Signed endpoints per workspace (the legacy URL aside): every event goes to each of them. */
  webhookEndpointsMax: 10,
  webhookTimeoutMs: 5_000,
  /** A delivery claimed by a process that died is sent again after this. */
  webhookLeaseMs: 30_000,
  /** Webhook sends in flight at once per process. */
  webhookSendsInFlightMax: 64,
  /** GET /v1/events: a page's size when none is asked (or 0), and the largest asked (issue #12: up to 100). */
  eventPageSizeDefault: 50,
  eventPageSizeMax: 100,
  /** EVENT_RETENTION_DAYS: how long events stay readable by the events API (and, past it, may be pruned). */
  eventRetentionDaysDefault: 30,
  eventRetentionDaysMax: 3650,
  /**
   * retryPolicy 'exponential': the pause after each failed attempt, before jitter (attempt 1 is the fan-out's; ten
   * attempts in all). They add up to about 75.6 hours, and jitter only lengthens them, so the last attempt of an
   * event that never got through comes after WEBHOOK_DISABLE_AFTER_HOURS at its largest and can disable the endpoint.
   */
  webhookRetryDelaysMs: [
    60_000,
    5 * 60_000,
    30 * 60_000,
    2 * 3_600_000,
    5 * 3_600_000,
    10 * 3_600_000,
    14 * 3_600_000,
    20 * 3_600_000,
    24 * 3_600_000,
  ],
  /** Each pause is lengthened by up to this fraction, at random, so that a recovering receiver is not hit in step. */
  webhookRetryJitterRatio: 0.2,
  /** A receiver's Retry-After is honoured up to this (seconds or an HTTP date); a longer one is cut to it. */
  webhookRetryAfterMaxMs: 24 * 3_600_000,
  /** WEBHOOK_DISABLE_AFTER_HOURS: at most the retry schedule's length, so that it can be reached. */
  webhookDisableAfterHoursMax: 75,
  /** WEBHOOK_SECRET_GRACE_HOURS: how long a replaced secret may keep signing webhook-signature, at most. */
  webhookSecretGraceHoursMax: 168,
  /**
   * An SMTP server's connect, greeting and idle-socket timeouts, each; a whole delivery is abandoned after twice the
   * configured value, so that it ends within the job runner's 30 s lease (no second process sends it meanwhile).
   */
  mailTimeoutMsDefault: 10_000,
  mailTimeoutMsMin: 1_000,
  mailTimeoutMsMax: 14_000,
  /** Tries of one mail delivery (the job runner's backoff between them) before it is logged as given up. */
  mailDeliveryAttemptsMax: 8,
  /** A kycUrl must be opened within this; once opened it is spent and the flow it starts lasts kycFlowTtlMs. */
  kycLinkTtlMs: 15 * 60 * 1000,
  kycFlowTtlMs: 60 * 60 * 1000,
  kycOtpTtlMs: 10 * 60 * 1000,
  /** Wrong one-time codes before the attempt fails (a new kycUrl starts a new attempt). */
  kycOtpAttemptsMax: 5,
  /** Codes mailed per attempt: the first and two resends. */
  kycOtpSendsMax: 3,
  kycDocumentImageMaxBytes: 5 * 1024 * 1024,
  /** A conversation message's attachment (JPEG, PNG or PDF), as large as the hosted page's document image. */
  conversationAttachmentMaxBytes: 5 * 1024 * 1024,
  /** Attachments per message: a document's two sides and a proof of address. */
  conversationAttachmentsPerMessageMax: 3,
  /** The text of a conversation or support-ticket message, and a ticket's description. */
  messageLengthMax: 10_000,
  /** A conversation's or support ticket's subject. */
  subjectLengthMax: 200,
  /** The last page the conversation and ticket lists take: beyond it the offset would overflow, not just be empty. */
  threadListPageMax: listPageMax,
  /**
   * The last page any offset-paged list takes (page counts from 0). A page past the data is empty, but an unbounded
   * one is not: `page=1e309` arrives as Infinity and would reach the SQL. With pages of at most 500 the offset stays
   * below 2^53, exact in a JSON number and in a bigint.
   */
  listPageMax,
  /**
   * The latest Unix second a query parameter takes (from, to): 9999-12-31T23:59:59Z, the last instant ISO 8601 and
   * JavaScript's Date write with four digits. Times 1000 (the stores keep milliseconds) it is about 2.5e14, below
   * 2^53 and far below a bigint's 9.2e18: `from=1e20` is refused as a client's error instead of failing the cast.
   */
  unixSecondsMax: 253_402_300_799,
  /**
   * The largest amount a list filter takes (minAmount, maxAmount), in major units. An amount the API accepts is
   * written in at most amountSignificantDigitsMax digits (leading zeros aside; domain/money/amount.ts), so none
   * reaches 10^15 in any currency: the bound excludes nothing, and
   * `minAmount=1e309` (Infinity, which has no decimal form) is refused instead of silently matching nothing.
   */
  amountFilterMax: 1e15,
  /** An open banking web form not paid within this is EXPIRED. */
  openBankingSessionTtlMs: 30 * 60 * 1000,
  /** The hosted payment form posts a few short fields. */
  openBankingFormBodyLimitBytes: 8_192,
  /** A price document (the ECB's daily file is about 2 KB, its 90-day history about 150 KB): room for a large feed. */
  priceDocumentMaxBytes: 5 * 1_048_576,
  /** A quote that finds its rate stale fetches the feed again at most this often, so a dead feed is not hammered. */
  priceFeedOnDemandRetryMs: 10_000,
  /** A feed rate dated further ahead of this server's clock is refused with its document (a clock or feed fault). */
  priceRateFutureSkewMaxMs: 5 * 60 * 1000,
  /** A live price source's fetch when its options set none. */
  priceFeedTimeoutMsDefault: 5_000,
} as const;
