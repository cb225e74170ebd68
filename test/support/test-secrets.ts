// The SECRETS_KEY of the suite: every test app (harness.ts) and every server process on the run's shared PostgreSQL
// (server-process.ts) seal and open with it, as every process of one deployment must share its SECRETS_KEY (README,
// Configuration): a value one sealed, such as the banking fingerprint key in server_keys, another must open.
export const testSecretsKey = Buffer.alloc(32, 7);
