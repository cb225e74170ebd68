import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { createLogger } from '../../src/platform/logger.js';
import { open, seal, sealedKeyId } from '../../src/platform/sealing.js';
import { runSecretsCommand } from '../../src/platform/secrets/command.js';
import { SecretsKeyring } from '../../src/platform/secrets/keyring.js';
import { sealedValueCounts } from '../../src/platform/secrets/reencrypt.js';
import { achUS, bankingAccountsApi, beneficiaryUS } from '../support/banking-accounts.js';
import { aPartner, aToken, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type OwnDatabase, ownDatabase } from '../support/own-database.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { sealV1 } from '../support/sealed-v1.js';
import { verifiesBoth } from '../support/standard-webhooks.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: SECRETS_KEY rotates from A to B without a failed delivery or an unreadable secret (docs/reliability/
// rotation.md): a webhook secret sealed under A signs correctly at every step (B decrypt-only, B sealing with A
// decrypt-only, after re-encryption, after dropping A), a banking account's fingerprint stays the same, and the
// re-encryption command is idempotent and stops at a value no key opens. Method: one app per step (as processes
// restarted with each configuration would be) over a database of the file's own, since re-encryption rewrites
// every stored secret; real deliveries to a loopback receiver, checked with the Standard Webhooks library.

const keyA = Buffer.alloc(32, 0xa1);
const keyB = Buffer.alloc(32, 0xb2);
const rings = {
  onlyA: SecretsKeyring.of(keyA),
  step1: SecretsKeyring.of(keyA, [keyB]),
  step2: SecretsKeyring.of(keyB, [keyA]),
  onlyB: SecretsKeyring.of(keyB),
};
const clock = new TestClock();
let own: OwnDatabase;
let receiver: Receiver;

beforeAll(async () => {
  own = await ownDatabase();
  receiver = await aReceiver();
});
afterAll(async () => {
  await receiver.close();
  await own.close();
});

const appWith = (secretsKeyring: SecretsKeyring, logger?: ReturnType<typeof createLogger>) =>
  buildTestApp({
    clock,
    secretsKeyring,
    wrapDb: () => own.db,
    env: { WEBHOOK_ALLOW_INSECURE: '1' },
    ...(logger ? { logger } : {}),
  });

/** The command as an operator runs it, against the file's database; its lines and exit code. */
async function command(keyring: SecretsKeyring, ...args: string[]) {
  const lines: string[] = [];
  const code = await runSecretsCommand(args, {
    db: own.db,
    keyring,
    nowMs: () => clock.nowMs(),
    out: (l) => lines.push(l),
  });
  return { code, lines };
}

async function registerEndpoint(t: TestApp, p: Partner, secret: string): Promise<string> {
  return (await aWebhookEndpoint(t.app, p, `${receiver.url}/rotation`, { name: 'rotation', secret })).id;
}

let events = 0;
/** Commits an event of the partner's workspace, as a change would; answers its id. */
async function commitEvent(p: Partner): Promise<string> {
  events += 1;
  const eventId = `rotation-${events}`;
  await own.db.query(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
     values ($1, 'balance_updated', $2, '{"currency":"EUR","available":1}'::jsonb, $3)`,
    [p.credentials.workspaceId, eventId, clock.nowMs()],
  );
  return eventId;
}

/** Commits an event, has `t`'s dispatcher deliver it, and checks both signatures of what arrived. */
async function deliverSigned(t: TestApp, p: Partner, secret: string): Promise<void> {
  const eventId = await commitEvent(p);
  await t.ctx.webhooks.runDue();
  const arrival = receiver.received.find((r) => r.body.id === eventId);
  expect(arrival, `${eventId} delivered`).toBeDefined();
  expect(verifiesBoth(arrival as NonNullable<typeof arrival>, secret, clock.nowMs())).toBe(true);
}

describe('SECRETS_KEY rotation', () => {
  it('a webhook secret sealed under A signs at every step; fingerprints stay; re-encryption leaves only B', async () => {
    const before = await appWith(rings.onlyA);
    const p = await aPartner(before.app);
    const secret = 'a secret sealed under key A';
    await registerEndpoint(before, p, secret);
    const account = await bankingAccountsApi(() => before.app).usAccount(p);
    await deliverSigned(before, p, secret);

    // Steps 1 and 2, and a moment of the rolling restart where both run: each delivers with the other's secrets.
    const step1 = await appWith(rings.step1);
    const step2 = await appWith(rings.step2);
    for (const t of [step1, step2, step1]) await deliverSigned(t, p, secret);

    // Step 3: everything under B, counted; a second run finds nothing left to do.
    const first = await command(rings.step2, 'reencrypt', '--pause-ms', '0');
    expect(first.code, first.lines.join('\n')).toBe(0);
    expect(first.lines).toContain(
      'webhook_endpoints.secret_sealed: 1 rewritten, 0 changed meanwhile (left as written)',
    );
    expect(first.lines).toContain(
      'banking_accounts.instrument_sealed: 1 rewritten, 0 changed meanwhile (left as written)',
    );
    expect(new Set((await sealedValueCounts(own.db)).map((c) => c.keyId))).toEqual(new Set([rings.onlyB.current.id]));
    const again = await command(rings.step2, 'reencrypt');
    expect(again.lines.filter((l) => l.includes(' 0 rewritten'))).toHaveLength(again.lines.length - 1);

    // Step 4: A dropped. Deliveries still sign, and the same account is still recognised by its fingerprint.
    const after = await appWith(rings.onlyB);
    await deliverSigned(after, p, secret);
    const accounts = bankingAccountsApi(() => after.app);
    expect((await accounts.usAccount(p, { customerEmail: 'carla@example.com' })).fingerprint).toBe(account.fingerprint);
  });

  it('re-encryption stops at a value no configured key opens, naming it, and exits 2', async () => {
    const t = await appWith(rings.onlyB);
    const p = await aPartner(t.app);
    const stray = seal(SecretsKeyring.of(Buffer.alloc(32, 0xcc)), 'sealed under a key nobody configured');
    const [row] = await own.db.query<{ id: string }>(
      `insert into webhook_endpoints (id, workspace_id, name, url, secret_sealed, is_active, created_at_ms, updated_at_ms)
       values (gen_random_uuid(), $1, 'stray', 'https://example.com/hook', $2, false, $3, $3) returning id::text as id`,
      [p.credentials.workspaceId, stray, clock.nowMs()],
    );
    try {
      const run = await command(rings.onlyB, 'reencrypt');
      expect(run.code).toBe(2);
      expect(run.lines.at(-1)).toContain(`webhook_endpoints.secret_sealed, row ${row?.id}: cannot be opened`);
    } finally {
      await own.db.query('delete from webhook_endpoints where id = $1', [row?.id]);
    }
  });

  it('a secret sealed before key ids (v1) signs under the ring that holds its key, and is rewritten', async () => {
    const t = await appWith(rings.step2);
    const p = await aPartner(t.app);
    const secret = 'sealed by the version before rotation';
    const id = await registerEndpoint(t, p, secret);
    await own.db.query('update webhook_endpoints set secret_sealed = $2 where id = $1', [id, sealV1(keyA, secret)]);
    await deliverSigned(t, p, secret);
    const run = await command(rings.step2, 'reencrypt', '--pause-ms', '0');
    expect(run.lines).toContain('webhook_endpoints.secret_sealed: 1 rewritten, 0 changed meanwhile (left as written)');
    const [row] = await own.db.query<{ s: string }>('select secret_sealed as s from webhook_endpoints where id = $1', [
      id,
    ]);
    expect(open(rings.onlyB, row?.s as string)).toBe(secret);
  });
});

describe('token-signing key rotation', () => {
  const kidOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()) as { kid?: string }).kid;
  const read = (t: TestApp, token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/balances', headers: { authorization: `Bearer ${token}` } });

  it('tokens of the old key work until it is retired, then fail in every process, cached or not', async () => {
    const [one, two] = [await appWith(rings.onlyB), await appWith(rings.onlyB)];
    const p = await aPartner(one.app);
    const old = await aToken(one.app, p.credentials);
    expect((await read(two, old)).statusCode).toBe(200); // now in two's cache of verified tokens

    const added = await command(rings.onlyB, 'signing-keys', 'add');
    expect(added.code, added.lines.join('\n')).toBe(0);
    const newKid = /^added (\S+):/.exec(added.lines[0] as string)?.[1];
    // It verifies at once but signs only once every process has had time to load it.
    expect(kidOf(await aToken(two.app, p.credentials))).toBe(kidOf(old));
    clock.advance(31_000);
    const fresh = await aToken(one.app, p.credentials);
    expect(kidOf(fresh)).toBe(newKid);
    for (const t of [one, two]) expect((await read(t, old)).statusCode).toBe(200);
    expect((await read(two, fresh)).statusCode).toBe(200);

    // The old key retired (the new one is left, and could not be retired too): every process refuses the old
    // key's tokens once it has reloaded the keys, though they were in its cache of verified tokens.
    expect((await command(rings.onlyB, 'signing-keys', 'retire', kidOf(old) ?? 'legacy')).code).toBe(0);
    expect((await command(rings.onlyB, 'signing-keys', 'retire', newKid as string)).code).toBe(1);
    clock.advance(11_000);
    for (const t of [one, two]) {
      const refused = await read(t, old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: 'AuthorizationError' });
      expect((await read(t, fresh)).statusCode).toBe(200);
    }
  });
});

describe('a process started with a SECRETS_KEY that did not seal the stored secrets', () => {
  // README: every process of one deployment shares SECRETS_KEY. One that does not (a mistyped key, a rotation step
  // skipped) must not write anything under its own key that the others cannot read, nor lose a delivery: it answers
  // the writes that need a stored secret 503 OperationError, logs the key id it could not open, and leaves the
  // delivery to the processes that hold the key.
  it('answers 503, names the key in its log, and a process with the key delivers what it could not sign', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const keyed = await appWith(rings.onlyB);
    const stranger = await appWith(SecretsKeyring.of(Buffer.alloc(32, 0xd4)), createLogger('info', sink));
    const p = await aPartner(keyed.app);
    const secret = 'sealed under the deployment key';
    await registerEndpoint(keyed, p, secret);
    const accounts = { keyed: bankingAccountsApi(() => keyed.app), stranger: bankingAccountsApi(() => stranger.app) };
    await accounts.keyed.usAccount(p);
    const [fingerprintKey] = await own.db.query<{ value: string }>(
      "select value from server_keys where name = 'banking_account_fingerprint_key'",
    );
    const sealedUnder = sealedKeyId(fingerprintKey?.value as string);
    expect(sealedUnder).toBe(rings.onlyB.current.id);

    const refused = await accounts.stranger.post(p, {
      currency: 'USD',
      destinationTransferData: achUS,
      destinationUserData: beneficiaryUS,
      customerEmail: 'dora@example.com',
    });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'OperationError' });
    const logged = (message: string) =>
      lines.filter((l) => l.level === 50 && JSON.stringify(l.err ?? {}).includes(`sealed under key ${sealedUnder}`))
        .length > 0 && lines.some((l) => l.msg === message);
    expect(logged('unexpected failure'), JSON.stringify(lines)).toBe(true);
    const [stored] = await own.db.query<{ n: bigint }>(
      'select count(*) as n from banking_accounts where workspace_id = $1',
      [p.credentials.workspaceId],
    );
    expect(Number(stored?.n)).toBe(1);

    // An event: the stranger's dispatcher claims its delivery but cannot open the secret to sign it, so sends
    // nothing; once the claim's lease runs out, a process holding the key delivers it, signed.
    const eventId = await commitEvent(p);
    lines.length = 0;
    await stranger.ctx.webhooks.runDue();
    expect(receiver.received.find((r) => r.body.id === eventId)).toBeUndefined();
    expect(logged('webhook attempt failed'), JSON.stringify(lines)).toBe(true);
    clock.advance(limits.webhookLeaseMs + 1);
    await keyed.ctx.webhooks.runDue();
    const arrival = receiver.received.find((r) => r.body.id === eventId);
    expect(arrival, `${eventId} delivered by the process with the key`).toBeDefined();
    expect(verifiesBoth(arrival as NonNullable<typeof arrival>, secret, clock.nowMs())).toBe(true);
  });
});
