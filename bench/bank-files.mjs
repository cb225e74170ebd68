// How long an operator waits on bank files (issue #18): importing a camt.054 of N credits, each matched by its RF
// reference to its own deposit and credited, importing it again (nothing changes), and cutting a pain.001 batch of
// N payouts. In-process on the embedded store (PGlite in memory), through the operator API as an operator calls it.
//   npm run build && node bench/bank-files.mjs [N]        (N defaults to 1000)

import { buildApp } from '../dist/app.js';
import { loadConfig } from '../dist/config.js';
import { createContext } from '../dist/context.js';
import { SecretsKeyring } from '../dist/platform/secrets/keyring.js';
import { migrate } from '../dist/storage/migrate.js';
import { openPglite } from '../dist/storage/pglite.js';

const n = Number(process.argv[2] ?? 1000);
const adminToken = 'bench-admin-token-0123456789';
const admin = { authorization: `Bearer ${adminToken}` };
const iban = 'DE89370400440532013000';
const providersFile = {
  collectionAccounts: [
    { currency: 'EUR', rail: 'SEPA', accountHolder: 'Bench GmbH', iban, bic: 'COBADEFFXXX', bankName: 'Bench Bank' },
  ],
  bankPayouts: { sepa: { debtorName: 'Bench GmbH', iban, bic: 'COBADEFFXXX' } },
  verification: { provider: 'manual-review' },
};

const db = await openPglite(undefined);
await migrate(db);
const ctx = await createContext(
  loadConfig({
    BROKERAGE_ENV: 'production',
    ADMIN_TOKEN: adminToken,
    SECRETS_KEY: 'c'.repeat(64),
    LOG_LEVEL: 'silent',
  }),
  db,
  { adminToken, secretsKeyring: SecretsKeyring.of(Buffer.alloc(32, 3)), providersFile },
);
const app = await buildApp(ctx, { logger: false });
// A stage server on the same store creates the workspace and approves the payer (production verifies by manual
// review); its token works on both.
const stage = await buildApp(
  await createContext(
    loadConfig({ LOG_LEVEL: 'silent', SANDBOX_SETTLE_DELAY_MS: '0', WRITE_RATE_LIMIT_PER_MINUTE: '1000000' }),
    db,
    {
      adminToken,
      secretsKeyring: SecretsKeyring.of(Buffer.alloc(32, 3)),
    },
  ),
  { logger: false },
);
const workspace = (
  await stage.inject({ method: 'POST', url: '/admin/v1/workspaces', headers: admin, payload: { name: 'bench' } })
).json();
const token = (
  await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: workspace.clientId,
      username: workspace.username,
      password: workspace.password,
    }).toString(),
  })
).json().access_token;
const partner = { authorization: `Bearer ${token}` };
// An operator lifts the workspace's write limit for the run (it would slow the deposits, not the bank files).
await stage.inject({
  method: 'PATCH',
  url: `/admin/v1/workspaces/${workspace.workspaceId}`,
  headers: admin,
  payload: { writeLimitPerMinute: 1_000_000 },
});
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'bench-payer@example.com', country: 'PT' };
await stage.inject({
  method: 'POST',
  url: '/v1/simulate/kyc',
  headers: partner,
  payload: { userEmail: payer.userEmail, status: 'APPROVED' },
});

const deposits = [];
for (let i = 0; i < n; i++) {
  const answer = await app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: partner,
    payload: { userData: payer, currency: 'EUR', amount: 10 },
  });
  if (answer.statusCode !== 201) throw new Error(`deposit: ${answer.body}`);
  deposits.push(answer.json());
}
const entry = (d, i) => `<Ntry><NtryRef>B${i}</NtryRef><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>
<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-25</Dt></BookgDt><AcctSvcrRef>B${i}</AcctSvcrRef><NtryDtls><TxDtls>
<Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RmtInf><Strd><CdtrRefInf><Ref>${d.depositInfo.referenceCode}</Ref>
</CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>`;
const camt = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
<BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-25T10:00:00</CreDtTm></GrpHdr><Ntfctn><Id>N</Id>
<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>${deposits.map(entry).join('')}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

const timed = async (what, fn) => {
  const start = process.hrtime.bigint();
  const result = await fn();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(`${what}: ${ms.toFixed(0)} ms (${((ms * 1000) / n).toFixed(0)} µs per line)`);
  return result;
};
const importFile = () =>
  app.inject({
    method: 'POST',
    url: '/admin/v1/bank-files',
    headers: { ...admin, 'content-type': 'application/xml' },
    payload: camt,
  });
const first = await timed(`import a camt.054 of ${n} credits`, importFile);
console.log('  ', JSON.stringify(first.json()));
await timed(`credit the ${n} deposits (their jobs)`, async () => {
  while ((await ctx.jobs.runDue()) > 0);
});
const again = await timed('import the same file again', importFile);
console.log('  ', JSON.stringify(again.json()));
for (let i = 0; i < n; i++) {
  await app.inject({
    method: 'POST',
    url: '/v1/withdrawals',
    headers: partner,
    payload: {
      currency: 'EUR',
      amount: 5,
      destinationTransferData: {
        type: 'SEPA',
        destinationName: 'Ana Silva',
        iban: 'FR1420041010050500013M02606',
        country: 'FR',
        city: 'Paris',
        postalCode: '75001',
      },
    },
  });
}
while ((await ctx.jobs.runDue()) > 0);
const cut = await timed(`cut a pain.001 batch of ${n} payouts`, () =>
  app.inject({ method: 'POST', url: '/admin/v1/payout-batches', headers: admin, payload: { rail: 'SEPA' } }),
);
console.log('   payouts in the batch:', cut.json().payoutCount);
await app.close();
await stage.close();
await db.close();
