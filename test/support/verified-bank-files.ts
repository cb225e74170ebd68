// A production app of a test file's own for the verification of bank files (issue #27): its providers file names a
// EUR IBAN and a USD account of the file's own (ownBankProviders), so that no other test's statements stand in their
// chains; a partner created on the stage app (one database for both) whose payer is verified; the operator and
// partner calls the tests make; and camt.054 written out by hand (rawCamt054), so that its figures can disagree.

import { afterAll, beforeAll, expect } from 'vitest';
import { ownBankProviders, ownEurIban, ownUsdAccountNumber } from './bank-providers.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from './builders.js';
import { buildTestApp, productionEnv, type TestApp } from './harness.js';

const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'verified-files@example.com', country: 'PT' };

export const foreignIban = 'DE75512108001245126199';
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();

/** Registers the file's beforeAll and afterAll; the helpers are to be called from its tests. */
export function verifiedBankFilesApp() {
  const ownIban = ownEurIban();
  const ownUsdAccount = ownUsdAccountNumber();
  const providers = ownBankProviders({ iban: ownIban, usdAccount: ownUsdAccount });
  let prod: TestApp;
  let stage: TestApp;
  let partner: Partner;

  beforeAll(async () => {
    prod = await buildTestApp({ env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' }, providersFile: providers });
    stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
    partner = await aPartner(stage.app);
    await verifyCustomer(stage.app, partner, payer.userEmail);
  });

  afterAll(async () => {
    await prod.app.close();
    await stage.app.close();
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    prod.app.inject({ method, url, headers: partner.headers, ...(payload ? { payload } : {}) });
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    prod.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
  /** Runs the jobs the last call queued (credits, payout outcomes). */
  const runDue = () => prod.ctx.jobs.runDue();
  const post = async (text: string, contentType = 'application/xml') => {
    const response = await prod.app.inject({
      method: 'POST',
      url: '/admin/v1/bank-files',
      headers: { ...adminHeaders, 'content-type': contentType },
      payload: text,
    });
    await runDue();
    return response;
  };
  /** A refusal: 400 ValidationError naming each reason, and the file recorded as refused with them. */
  const refused = async (text: string, ...reasons: RegExp[]) => {
    const response = await post(text);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError' });
    const message = response.json().message as string;
    for (const reason of reasons) expect(message).toMatch(reason);
    const fileId = /bank file ([0-9a-f-]{36})/.exec(message)?.[1];
    const file = (await admin('GET', `/admin/v1/bank-files/${fileId}`)).json();
    expect(file).toMatchObject({ fileId, status: 'refused' });
    for (const reason of reasons) expect(file.reasons.some((r: string) => reason.test(r))).toBe(true);
    return file;
  };
  const deposit = async (currency = 'EUR', amount = 70) => {
    const response = await api('POST', '/v1/deposits', { userData: payer, currency, amount });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { depositId: string; depositInfo: { referenceCode: string } };
  };
  const depositStatus = async (id: string) => (await api('GET', `/v1/deposits/${id}`)).json().status;

  return { ownIban, ownUsdAccount, api, admin, runDue, post, refused, deposit, depositStatus };
}

export interface RawEntry {
  readonly ref: string;
  readonly amount: string;
  readonly direction?: 'CRDT' | 'DBIT';
  readonly status?: 'BOOK' | 'PDNG' | 'INFO';
  readonly reversal?: boolean;
  readonly currency?: string;
  /** Each transaction detail: its amount and the RF reference it quotes. */
  readonly details: readonly { amount: string; rf?: string; currency?: string }[];
}

/** A camt.054.001.08 entry written out by hand, so that its figures can disagree. */
const rawEntry = (e: RawEntry, accountCurrency: string) => {
  const currency = e.currency ?? accountCurrency;
  const direction = e.direction ?? 'CRDT';
  const details = e.details
    .map(
      (d, i) => `<TxDtls><Refs><AcctSvcrRef>${e.ref}-${i + 1}</AcctSvcrRef></Refs>
        <Amt Ccy="${d.currency ?? currency}">${d.amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd>
        ${d.rf ? `<RmtInf><Strd><CdtrRefInf><Ref>${d.rf}</Ref></CdtrRefInf></Strd></RmtInf>` : ''}</TxDtls>`,
    )
    .join('');
  return `<Ntry><Amt Ccy="${currency}">${e.amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd>
    ${e.reversal ? '<RvslInd>true</RvslInd>' : ''}<Sts><Cd>${e.status ?? 'BOOK'}</Cd></Sts>
    <BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>${e.ref}</AcctSvcrRef><NtryDtls>${details}</NtryDtls></Ntry>`;
};

export const rawCamt054 = (
  iban: string,
  entries: readonly RawEntry[],
  extra: { currency?: string; groupHeader?: string; summary?: string } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>N-${unique()}</MsgId><CreDtTm>2026-11-27T10:00:00</CreDtTm>${extra.groupHeader ?? ''}</GrpHdr>
  <Ntfctn><Id>N1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>${extra.currency ?? 'EUR'}</Ccy></Acct>
  ${extra.summary ?? ''}${entries.map((e) => rawEntry(e, extra.currency ?? 'EUR')).join('')}</Ntfctn>
</BkToCstmrDbtCdtNtfctn></Document>`;
