// Every numeric bound and default of the server in one place, unit last in the name: `…Ms`, `…Seconds`, `…Minutes`,
// `…Hours`, `…Days`, `…Bytes`, `…Bps`, `…Ratio`, `…PerMinute`, `…PerSecond`, with a qualifier before the unit
// (`databaseAcquireTimeoutDefaultMs`, `kycDocumentImageMaxBytes`); a count has no unit and ends in `Max`, `Min`,
// `Default`, `Count` or `Size` (`eventPageSizeMax`, `jobBatchSize`). config.ts reads the environment with these
// defaults and bounds; test/ci/limits.test.ts holds the names to the rule, config.ts to writing no number of its
// own, and the rest of src/ to declaring no numeric constant that is a bound.

/** See limits.listPageMax; named first because the thread lists share it. */
const listPageMax = 1_000_000;
/** See limits.idempotencyReplayWindowMs; named first because a key's retention may not be shorter. */
const idempotencyReplayWindowHours = 24;

export const limits = {
  accessTokenLifetimeSeconds: 300,
  /** The reference page asks for a new token this long before its token expires (platform/reference-page.ts). */
  referencePageTokenRenewalMarginSeconds: 30,
  /** PORT when unset. */
  portDefault: 3000,
  /** The largest TCP port: PORT, and an SMTP server's port in the providers file. */
  portMax: 65_535,
  /** ADMIN_TOKEN is refused when shorter. */
  adminTokenLengthMin: 16,
  /** SECRETS_KEY and each SECRETS_DECRYPT_KEYS entry: exactly this many bytes (an AES-256 key). */
  secretsKeyBytes: 32,
  /** Random bytes drawn from the CSPRNG at once, then handed out a few at a time (domain/secure-random.ts). */
  secureRandomPoolBytes: 4_096,
  /** CLUSTER_WORKERS at most (its default is the machine's available parallelism). */
  clusterWorkersMax: 64,
  /** A cluster worker that dies is replaced, but not in a tight loop: at most one restart per this interval. */
  clusterRestartSpacingMs: 1_000,
  /** While a process stops, how often it closes the keep-alive connections that went idle since the last sweep. */
  shutdownIdleSweepMs: 100,
  /** How often a process reloads the token-signing keys: a key added or retired reaches every process within it. */
  tokenSigningKeysRefreshMs: 10_000,
  /** A new signing key verifies at once and signs only after this, by which time every process has loaded it. */
  tokenSigningKeyActivationMs: 30_000,
  /** After a failed reload of the signing keys a process keeps the keys it has and tries again after this. */
  tokenSigningKeysRetryMs: 1_000,
  /** Verified tokens a process's signature verifier (fast-jwt) caches per signing key. */
  tokenVerifierCacheMax: 10_000,
  /** Verified tokens the auth hook remembers at most; past it the memory starts again (a miss costs a check). */
  authVerifiedTokensMax: 10_000,
  /** How long a process trusts its cached copy of a workspace (credential version, settings): rotation revokes within it. */
  workspaceCacheTtlMs: 2_000,
  /**
   * A credential rotation's overlap when its body names none: the replaced password, and the tokens minted with it,
   * keep working this long (docs/decisions/security-and-secrets.md, "Rotating a workspace's password with an overlap").
   */
  credentialOverlapDefaultSeconds: 86_400,
  /** A rotation's overlapSeconds at most: a replaced password never outlives a week. */
  credentialOverlapMaxSeconds: 7 * 86_400,
  /**
   * How long a process may answer a workspace's test-clock offset from memory (issue #15): an advance answers only
   * once this has passed after its commit (simulate/clock.ts), so every process has forgotten the old offset.
   */
  testClockOffsetMemoryMs: 50,
  /** Workspaces whose test-clock offsets a process remembers at most: past it the memory starts again. */
  testClockOffsetsRememberedMax: 10_000,
  /**
   * The sign-in throttles (console and token endpoint; domain/operators/sign-in-throttle.ts, docs/decisions/,
   * "Sign-in throttles that do not lock the owner out"): each failure past the free ones doubles a hold from
   * signInBackoffBaseMs, up to the cap of its kind; a failure is forgotten signInFailuresForgetMs after the last one.
   */
  signInFreeFailureCount: 3,
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
  signInAccountBucketCount: 65_536,
  /** Forgotten throttle rows deleted by each recorded failure. */
  signInPruneBatchSize: 100,
  /** Ended console sessions are kept this long, then deleted by a later sign-in. */
  operatorSessionsRetentionMs: 24 * 60 * 60_000,
  /** OPERATOR_SESSION_IDLE_MINUTES when unset: a console session ends after this long without a request. */
  operatorSessionIdleDefaultMinutes: 30,
  /** OPERATOR_SESSION_IDLE_MINUTES at most (a day). */
  operatorSessionIdleMaxMinutes: 1440,
  /** OPERATOR_SESSION_MAX_HOURS when unset: a console session ends this long after sign-in, however active. */
  operatorSessionLifetimeDefaultHours: 12,
  /** OPERATOR_SESSION_MAX_HOURS at most (a week). */
  operatorSessionLifetimeMaxHours: 168,
  /** How long the console's password step waits for its second factor. */
  operatorSecondFactorWindowMs: 5 * 60_000,
  /** A console request refreshes its session's `last_seen` at most this often (a write a minute, not per page). */
  operatorSessionTouchIntervalMs: 60_000,
  /** How long an operator's enrolment link works. */
  operatorEnrolmentLinkTtlHours: 72,
  /** An operator's new password: long enough to resist guessing, short enough to bound the hash's input. */
  operatorPasswordLengthMin: 12,
  operatorPasswordLengthMax: 200,
  /** The console's sign-in form (its anti-forgery cookie) may be submitted this long after it was shown. */
  consoleLoginFormTtlHours: 12,
  passwordLengthBytes: 24,
  /** QUOTE_TTL_SECONDS when unset, and at most. */
  quoteTtlDefaultSeconds: 30,
  quoteTtlMaxSeconds: 3_600,
  /** ORDER_PAYMENT_WINDOW_SECONDS when unset (a day), at least (a minute) and at most (30 days). */
  orderPaymentWindowDefaultSeconds: 86_400,
  orderPaymentWindowMinSeconds: 60,
  orderPaymentWindowMaxSeconds: 30 * 86_400,
  /** WRITE_RATE_LIMIT_PER_MINUTE when unset; at most, also for an operator's override of a workspace's limit. */
  writeRateLimitDefaultPerMinute: 300,
  writeRateLimitMaxPerMinute: 1_000_000,
  /** READ_THROTTLE_PER_SECOND when unset, and at most. */
  readThrottleDefaultPerSecond: 100,
  readThrottleMaxPerSecond: 1_000_000,
  /** Each read past the read throttle waits this much longer than the one before, up to readThrottleDelayMaxMs. */
  readThrottleDelayStepMs: 25,
  readThrottleDelayMaxMs: 1_000,
  /** Workspaces whose reads of the current second a process counts at most; past it the counts start again. */
  readThrottleWorkspacesMax: 10_000,
  /** A creator markup (a quote's share for the partner) at most, as a fraction of the amount. */
  creatorMarkupMaxRatio: 0.1,
  /** Basis points a workspace fee may reach (10%). */
  feeMaxBps: 1_000,
  /** JSON numbers carry about 15 significant decimal digits exactly; an amount needing more is refused. */
  amountSignificantDigitsMax: 15,
  emailLengthMax: 254,
  bodyLimitBytes: 1_048_576,
  /** The operator's import of the OFAC SDN CSV files (about 6 MB in 2026): room for the list to grow. */
  sanctionsImportBodyLimitBytes: 64 * 1_048_576,
  /** POST /admin/v1/bank-files: a year of a busy account's camt.053 fits; banks split anything larger. */
  bankFileBodyLimitBytes: 32 * 1_048_576,
  /** Reasons a refused bank file's error message names; every one is kept on the file. */
  bankFileReasonsInMessageMax: 20,
  /** Reasons kept for a bank file: enough to see the case; a file that breaks more is refused anyway. */
  bankFileReasonsKeptMax: 200,
  /** DATABASE_POOL_SIZE when unset, and at most. */
  databasePoolSizeDefault: 10,
  databasePoolSizeMax: 200,
  /**
   * While the database is away a request waits at most for a connection, then for its statement: with these
   * defaults a request of one statement is answered (503 if need be) within about 5.5 s.
   */
  databaseAcquireTimeoutDefaultMs: 2_000,
  databaseStatementTimeoutDefaultMs: 3_000,
  databaseIdleInTransactionTimeoutDefaultMs: 5_000,
  /** DATABASE_ACQUIRE_TIMEOUT_MS at least and at most. */
  databaseAcquireTimeoutMinMs: 100,
  databaseAcquireTimeoutMaxMs: 60_000,
  /** DATABASE_STATEMENT_TIMEOUT_MS at least and at most. */
  databaseStatementTimeoutMinMs: 100,
  databaseStatementTimeoutMaxMs: 600_000,
  /** DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS at least and at most. */
  databaseIdleInTransactionTimeoutMinMs: 100,
  databaseIdleInTransactionTimeoutMaxMs: 600_000,
  /** Tries of a PostgreSQL transaction that meets a deadlock or a serialization failure. */
  databaseTransactionAttemptsMax: 3,
  /** The client's own bound on a statement, past PostgreSQL's statement timeout: for a socket that went silent. */
  databaseClientGraceMs: 500,
  /** How long a process keeps trying to consume the key of a write whose outcome the database left unknown. */
  unknownOutcomeRecordWindowMs: 10 * 60 * 1000,
  /** Consuming the key of a write of unknown outcome is retried from this delay, doubling up to the next. */
  unknownOutcomeRetryFirstMs: 250,
  unknownOutcomeRetryMaxMs: 5_000,
  /** The operator's whole-ledger check reads every posting: its statements may run this long. */
  ledgerVerificationTimeoutMs: 10 * 60 * 1000,
  /** The ledger check lists at most this many problems of each kind. */
  ledgerProblemsShownMax: 100,
  /** GET /health answers 503 when the database has not answered a trivial statement within this. */
  healthCheckTimeoutMs: 1_000,
  /** A completed idempotency key replays its answer this long, then starts a fresh request. */
  idempotencyReplayWindowMs: idempotencyReplayWindowHours * 60 * 60 * 1000,
  /** One advance of a workspace's test clock (stage) moves it at most this far: past every window the API has. */
  testClockAdvanceMaxSeconds: 31 * 24 * 60 * 60,
  /** A workspace's test clock runs at most this far ahead of the system clock, in all (about five years). */
  testClockOffsetMaxMs: 5 * 366 * 24 * 60 * 60 * 1000,
  writeRateWindowMs: 60_000,
  webhookSecretLengthMin: 8,
  /** A Standard Webhooks secret (`whsec_` + base64): 24 to 64 random bytes, as that specification asks. */
  standardWebhookSecretMinBytes: 24,
  standardWebhookSecretMaxBytes: 64,
  /** Signed endpoints per workspace (the legacy URL aside): every event goes to each of them. */
  webhookEndpointsMax: 10,
  webhookTimeoutMs: 5_000,
  /** How much of a receiver's answer body a delivery attempt keeps, to show why it failed (bytes, UTF-8). */
  webhookAnswerExcerptBytes: 1_024,
  /** A delivery claimed by a process that died is sent again after this. */
  webhookLeaseMs: 30_000,
  /** Webhook sends in flight at once per process. */
  webhookSendsInFlightMax: 64,
  /** How often the webhook dispatcher looks for work when nothing woke it. */
  webhookPollIntervalMs: 1_000,
  /** Deliveries the webhook dispatcher claims per round. */
  webhookSendBatchSize: 50,
  /** Events fanned out to their endpoints per statement: a backlog takes several. */
  webhookFanOutBatchSize: 500,
  /**
   * An endpoint counts as failing (the overview's queue) when its last this many sent attempts all failed: one refused
   * event is the partner's business, three in a row is an endpoint that is down.
   */
  webhookFailingAttemptsCount: 3,
  /** GET /v1/events: a page's size when none is asked (or 0), and the largest asked (issue #12: up to 100). */
  eventPageSizeDefault: 50,
  eventPageSizeMax: 100,
  /** EVENT_RETENTION_DAYS: how long events stay readable by the events API (and, past it, may be pruned). */
  eventRetentionDefaultDays: 30,
  eventRetentionMaxDays: 3650,
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
  /** WEBHOOK_DISABLE_AFTER_HOURS when unset. */
  webhookDisableAfterDefaultHours: 72,
  /** WEBHOOK_DISABLE_AFTER_HOURS: at most the retry schedule's length, so that it can be reached. */
  webhookDisableAfterMaxHours: 75,
  /** WEBHOOK_SECRET_GRACE_HOURS when unset. */
  webhookSecretGraceDefaultHours: 24,
  /** WEBHOOK_SECRET_GRACE_HOURS: how long a replaced secret may keep signing webhook-signature, at most. */
  webhookSecretGraceMaxHours: 168,
  /** SANDBOX_SETTLE_DELAY_MS (stage) when unset, and at most. */
  sandboxSettleDelayDefaultMs: 2_000,
  sandboxSettleDelayMaxMs: 600_000,
  /** A verification check that answers pending is asked again after this, or the settle delay when longer. */
  kycPendingRecheckMs: 60_000,
  /** The job runner's round when nothing woke it. */
  jobPollIntervalMs: 250,
  /** How long a claim protects a job from other processes; a crashed claimer's jobs are retried after it. */
  jobLeaseMs: 30_000,
  /** Jobs the runner claims per round. */
  jobBatchSize: 20,
  /** Order day-count deltas folded into the day counts per statement (orders/day-counts.ts). */
  orderDayCountFoldBatchSize: 5_000,
  /** A failed job is retried after this, doubled at each attempt, up to jobRetryMaxMs. */
  jobRetryBaseMs: 1_000,
  jobRetryMaxMs: 300_000,
  /** The characters of a failed job's error kept with it. */
  jobErrorLengthMax: 1_000,
  /** A background worker's pause after failed rounds doubles up to this (platform/polling-loop.ts). */
  pollingBackoffMaxMs: 10_000,
  /** JOB_RETENTION_DAYS when unset, and at most (about ten years). */
  jobRetentionDefaultDays: 7,
  jobRetentionMaxDays: 3650,
  /** IDEMPOTENCY_KEY_RETENTION_HOURS when unset, at least (the replay window: spec rule 6) and at most. */
  idempotencyKeyRetentionDefaultHours: idempotencyReplayWindowHours,
  idempotencyKeyRetentionMinHours: idempotencyReplayWindowHours,
  idempotencyKeyRetentionMaxHours: 87_600,
  /** WITHDRAWAL_RETURN_WINDOW_DAYS when unset, and at most. */
  withdrawalReturnWindowDefaultDays: 90,
  withdrawalReturnWindowMaxDays: 3650,
  /** HOSTED_SESSION_RETENTION_DAYS when unset, and at most. */
  hostedSessionRetentionDefaultDays: 7,
  hostedSessionRetentionMaxDays: 3650,
  /** QUOTE_RETENTION_DAYS when unset, and at most. */
  quoteRetentionDefaultDays: 7,
  quoteRetentionMaxDays: 3650,
  /** HOUSEKEEPING_INTERVAL_MINUTES when unset, and at most (a week). */
  housekeepingIntervalDefaultMinutes: 60,
  housekeepingIntervalMaxMinutes: 10_080,
  /** HOUSEKEEPING_BATCH_SIZE when unset, and at most: rows removed per statement. */
  housekeepingBatchSizeDefault: 1000,
  housekeepingBatchSizeMax: 10_000,
  /** HOUSEKEEPING_BATCH_PAUSE_MS when unset, and at most. */
  housekeepingBatchPauseDefaultMs: 20,
  housekeepingBatchPauseMaxMs: 60_000,
  /**
   * After each batch a housekeeping pass rests at least this many times as long as the batch took: it then takes at
   * most a fifth of one connection's time, whatever the machine (docs/performance.md, "Housekeeping under load").
   */
  housekeepingRestPerBatchRatio: 4,
  /** Log lines are written once this many characters are queued, or every logFlushIntervalMs (~20 lines a write). */
  logBatchLengthMin: 4096,
  logFlushIntervalMs: 100,
  /** The audit log's redaction walks a recorded value this deep; anything deeper is replaced whole. */
  auditRedactionDepthMax: 12,
  /**
   * An SMTP server's connect, greeting and idle-socket timeouts, each; a whole delivery is abandoned after twice the
   * configured value, so that it ends within the job runner's 30 s lease (jobLeaseMs: no second process sends it).
   */
  mailTimeoutDefaultMs: 10_000,
  mailTimeoutMinMs: 1_000,
  mailTimeoutMaxMs: 14_000,
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
  /** The hosted verification page's multipart forms: text fields at most, each of at most kycFormFieldMaxBytes. */
  kycFormFieldsMax: 20,
  kycFormFieldMaxBytes: 1_000,
  /** The parts of one such form: its text fields and the one image. */
  kycFormPartsMax: 21,
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
  /** An offset-paged list's page size when none is asked (or 0), and the largest asked (platform/list-query.ts). */
  listPageSizeDefault: 50,
  listPageSizeMax: 500,
  /**
   * The latest Unix second a query parameter takes (from, to): 9999-12-31T23:59:59Z, the last instant ISO 8601 and
   * JavaScript's Date write with four digits. Times 1000 (the stores keep milliseconds) it is about 2.5e14, below
   * 2^53 and far below a bigint's 9.2e18: `from=1e20` is refused as a client's error instead of failing the cast.
   */
  unixTimeMaxSeconds: 253_402_300_799,
  /**
   * The largest amount a list filter takes (minAmount, maxAmount), in major units. An amount the API accepts is
   * written in at most amountSignificantDigitsMax digits (leading zeros aside; domain/money/amount.ts), so none
   * reaches 10^15 in any currency: the bound excludes nothing, and
   * `minAmount=1e309` (Infinity, which has no decimal form) is refused instead of silently matching nothing.
   */
  amountFilterMax: 1e15,
  /** GET /admin/v1/stats/daily and the console's charts: at most this many days at once (92 covers any quarter). */
  dailyStatsRangeMaxDays: 92,
  /** A chart's day axis labels at most this many days; the others are skipped evenly. */
  chartDayLabelsMax: 8,
  /** A chart's value axis: at most this many intervals from zero to the first tick at or above the largest value. */
  chartAxisIntervalsMax: 5,
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
  priceFeedTimeoutDefaultMs: 5_000,
  /** A price source's half-spread is at most 10%: beyond that a typo, not a price. */
  priceSpreadMaxBps: 1_000,
  /** Sanctions list entries per insert statement: bounds one statement's JSON parameter to a few megabytes. */
  sanctionsInsertBatchSize: 2_000,
  /** `npm run secrets -- reencrypt`: rows per batch and the pause between batches, unless given. */
  reencryptBatchSizeDefault: 100,
  reencryptPauseDefaultMs: 20,
  /** The providers file's `screening.maxListAgeDays` at most (a year). */
  sanctionsListAgeMaxDays: 365,
  /** The provider service (providers file): its shared secret at least, its timeout per attempt, its attempts. */
  providerServiceSecretLengthMin: 32,
  providerServiceTimeoutMinMs: 100,
  providerServiceTimeoutMaxMs: 60_000,
  providerServiceAttemptsMax: 10,
  /** The provider service's backoff before attempt n+1: min(max, base * 2^(n-1)), half fixed and half jitter. */
  providerServiceBackoffBaseMs: 100,
  providerServiceBackoffMaxMs: 2_000,
  /** How far a provider message's timestamp may be from the receiver's clock, either way: a later replay is refused. */
  providerSignatureToleranceSeconds: 300,
  /** The console's forms (url-encoded), bounded well above any of them (the longest is a reply to a ticket). */
  consoleFormBodyLimitBytes: 64 * 1024,
  /** The rows of a console queue page; one more than shown is read to know whether a next page exists. */
  consoleQueuePageSize: 25,
  /** The console's audit log page: its size when none is asked, and the largest asked. */
  consoleAuditPageSizeDefault: 50,
  consoleAuditPageSizeMax: 100,
  /** The console's ledger page: journal entries, and balances, per page. */
  consoleJournalPageSize: 50,
  consoleBalancePageSize: 100,
  /** The console's workspaces per page. */
  consoleWorkspacesPageSize: 50,
  /** At most this many events, entries or attempts are read for one record's timeline. */
  consoleTimelineRowsMax: 500,
  /** How far back the console's "released recently" looks. */
  consoleRecentlyReleasedMs: 24 * 3_600_000,
  /** Failing or disabled endpoints listed on the console's home page itself (the webhooks page lists them all). */
  consoleFailingEndpointsShownMax: 5,
  /** The latest attempts shown under each endpoint of a workspace on the console's webhooks page. */
  consoleEndpointRecentAttemptsMax: 10,
  /** The characters of an audit record's user agent the console's list shows; the rest opens under them. */
  consoleUserAgentShownLengthMax: 40,
  /** The note an operator may give when resolving an AML match in the console. */
  consoleAmlNoteLengthMax: 1_000,
  /** The console's search box: characters at most, and matches listed at most (an id matches a row or two). */
  consoleSearchLengthMax: 320,
  consoleSearchMatchesMax: 50,
  /** An operator's note on a bank file decision or a reversal. */
  consoleBankFileNoteLengthMax: 500,
  /** Reasons listed in a row of the console's bank files list; the file's page lists every one. */
  consoleBankFileReasonsShownMax: 5,
  /** Held bank files shown at once (more is a backlog the count names), and bank reversals. */
  consoleHeldFilesShownMax: 100,
  consoleReversalsShownMax: 50,

  // Group commit (storage/group-commit.ts; docs/decisions/storage-and-reliability.md, "Group commit (issue #32)").
  /** Group statements in flight at once, per kind of write and process... */
  groupCommitLaneCount: 2,
  /** ...and the writes one statement carries at most... */
  groupCommitBatchMax: 32,
  /**
   * ...on the embedded store: each size is a statement text of its own, prepared once and kept in PGlite's
   * WebAssembly memory, which never shrinks; 8 held its rate with about 100 MiB less (docs/performance.md, "PGlite's
   * memory").
   */
  groupCommitEmbeddedBatchMax: 8,

  // The request log
  // (platform/request-log/; docs/decisions/storage-and-reliability.md, "The partner request log (issue #30)").
  /** A request's or answer's body is kept, masked, up to this size; a larger one is left out and its size kept. */
  requestLogBodyMaxBytes: 16 * 1024,
  /** A path, a query string and an Idempotency-Key are kept up to this many characters. */
  requestLogTextLengthMax: 2_048,
  /** The writer inserts what it holds this long after an entry came into an empty buffer... */
  requestLogFlushIntervalMs: 250,
  /** ...or at once when it holds this many: the entries of one insert statement at most. */
  requestLogBatchSize: 250,
  /** Entries held at most (while the database is away): beyond either bound new ones are dropped, and counted. */
  requestLogBufferMax: 5_000,
  requestLogBufferMaxBytes: 8 * 1024 * 1024,
  /** A batch whose insert failed this many times is dropped (counted); retries wait twice as long each time. */
  requestLogFlushAttemptsMax: 3,
  /** How long a request log entry is kept (REQUEST_LOG_RETENTION_DAYS), and the most it may be set to. */
  requestLogRetentionDefaultDays: 30,
  requestLogRetentionMaxDays: 365,
  /** Member names whose verdict (masked or not) the masking of bodies remembers; past it, each is asked again. */
  requestLogMemberNamesKnownMax: 2_000,
  /** The dashboard's search: entries per page when none is asked, and the most asked. */
  requestLogPageSizeDefault: 50,
  requestLogPageSizeMax: 100,
  /**
   * A stored batch holds entries that arrived within this span at most (repo.ts cuts a longer one), so that a
   * search for a time range or a cursor starts its reading near it, and housekeeping removes an entry at most this
   * long after its horizon.
   */
  requestLogBatchSpanMaxMs: 60_000,
  /** The search reads this many batches a statement... */
  requestLogSearchReadBatchCount: 20,
  /**
   * ...and stops at either bound, answering the matches it is sure of and where it stopped (search.ts, partial): the
   * batches it looked at (a request id's search reads only their ids) and the entries it parsed.
   */
  requestLogSearchBatchesMax: 2_000,
  requestLogSearchEntriesMax: 50_000,
} as const;
