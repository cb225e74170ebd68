// Production credits only what the bank booked (issue #27): a bank file is verified whole before any line acts. The
// four files an operator found moving money (details that add up to more than the entry, totals that disagree, a
// statement of someone else's account, a statement that does not follow the last one) move nothing; each refusal
// names every reason and is recorded; a statement that breaks its account's chain waits for an operator, who
// accepts or rejects it (audited); reversals do what they say; status reports and return files must be ours.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ibanCheckDigits } from '../../src/domain/payments/iban.js';
import type { ProvidersFile } from '../../src/providers/providers-file.js';
import { camt053, camt054, nachaReturns, pain002 } from '../support/bank-file-builders.js';
import { bankProviders } from '../support/bank-providers.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp } from '../support/harness.js';

/** An account of this file's own, so that no other test's statements stand in its chain. */
const ownIban = (() => {
  const bban = `37040044${String(Date.now()).slice(-10)}`;
  return `DE${ibanCheckDigits('DE', bban)}${bban}`;
})();
const ownUsdAccount = String(Date.now()).slice(-12);
const foreignIban = 'DE75512108001245126199';
const providers: ProvidersFile = {
  ...bankProviders,
  collectionAccounts: [
    {
      currency: 'EUR',
      rail: 'SEPA',
      accountHolder: 'Brokerage Collections GmbH',
      iban: ownIban,
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
    },
    {
      currency: 'USD',
      rail: 'ACH_US',
      beneficiaryName: 'Brokerage Inc',
      routingNumber: '021000021',
      accountNumber: ownUsdAccount,
      bankName: 'JPMorgan Chase',
    },
  ],
  bankPayouts: {
    ...bankProviders.bankPayouts,
    sepa: { debtorName: 'Brokerage Collections GmbH', iban: ownIban, bic: 'COBADEFFXXX' },
  },
};

let prod: TestApp;
let stage: TestApp;
let partner: Partner;
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'verified-files@example.com', country: 'PT' };

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
const post = async (text: string, contentType = 'application/xml') => {
  const response = await prod.app.inject({
    method: 'POST',
    url: '/admin/v1/bank-files',
    headers: { ...adminHeaders, 'content-type': contentType },
    payload: text,
  });
  await prod.ctx.jobs.runDue();
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
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();

interface RawEntry {
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

const rawCamt054 = (
  iban: string,
  entries: readonly RawEntry[],
  extra: { currency?: string; groupHeader?: string; summary?: string } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>N-${unique()}</MsgId><CreDtTm>2026-11-27T10:00:00</CreDtTm>${extra.groupHeader ?? ''}</GrpHdr>
  <Ntfctn><Id>N1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>${extra.currency ?? 'EUR'}</Ccy></Acct>
  ${extra.summary ?? ''}${entries.map((e) => rawEntry(e, extra.currency ?? 'EUR')).join('')}</Ntfctn>
</BkToCstmrDbtCdtNtfctn></Document>`;

describe('a file that disagrees with itself moves nothing', () => {
  it('an entry booked at 30.00 whose two details say 60.00 each is refused: nothing credited', async () => {
    const d = await deposit();
    const rf = d.depositInfo.referenceCode;
    const file = rawCamt054(ownIban, [
      {
        ref: `E-${unique()}`,
        amount: '30.00',
        details: [
          { amount: '60.00', rf },
          { amount: '60.00', rf },
        ],
      },
    ]);
    await refused(file, /booked at 30 EUR \(CRDT\), but its transactions add up to 120/);
    expect(await depositStatus(d.depositId)).not.toBe('Received');
    // The same file again is refused again: nothing of it ever acts.
    await refused(file, /add up to 120/);
    expect((await admin('GET', '/admin/v1/bank-entries?status=credited&currency=EUR')).json()).not.toContainEqual(
      expect.objectContaining({ reference: rf }),
    );
  });

  it('a batch whose details do not each carry an amount is refused rather than credited several times', async () => {
    const d = await deposit();
    const rf = d.depositInfo.referenceCode;
    const file = rawCamt054(ownIban, [
      { ref: `E-${unique()}`, amount: '70.00', details: [{ amount: '70.00', rf }] },
    ]).replace(
      '</TxDtls>',
      `</TxDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>${rf}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`,
    );
    await refused(file, /lists 2 transactions but 1 of them carry no amount/);
    expect(await depositStatus(d.depositId)).not.toBe('Received');
  });

  it('group header and TxsSummry totals that disagree are refused, every reason named', async () => {
    const d = await deposit();
    const entries = [
      { ref: `E-${unique()}`, amount: '70.00', details: [{ amount: '70.00', rf: d.depositInfo.referenceCode }] },
    ];
    const summary =
      '<TxsSummry><TtlNtries><NbOfNtries>2</NbOfNtries><Sum>140.00</Sum></TtlNtries><TtlCdtNtries><NbOfNtries>1</NbOfNtries><Sum>75.00</Sum></TtlCdtNtries></TxsSummry>';
    await refused(
      rawCamt054(ownIban, entries, { groupHeader: '<NbOfTxs>3</NbOfTxs><CtrlSum>210.00</CtrlSum>', summary }),
      /NbOfTxs 3, but the file holds 1 entries/,
      /CtrlSum 210.00, but the file's entries add up to 70/,
      /TtlNtries\/NbOfNtries says 2, the entries give 1/,
      /TtlCdtNtries\/Sum says 75.00, the entries give 70/,
    );
    expect(await depositStatus(d.depositId)).not.toBe('Received');
    // Totals that agree are no reason to refuse.
    const agreeing =
      '<TxsSummry><TtlNtries><NbOfNtries>1</NbOfNtries><Sum>70.00</Sum><TtlNetNtry><Amt>70.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></TtlNetNtry></TtlNtries></TxsSummry>';
    const ok = await post(rawCamt054(ownIban, entries, { groupHeader: '<NbOfTxs>1</NbOfTxs>', summary: agreeing }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'imported', credited: 1 });
    expect(await depositStatus(d.depositId)).toBe('Received');
  });

  it('a currency other than the account’s, too many decimals and a zero amount are refused', async () => {
    const d = await deposit();
    const rf = d.depositInfo.referenceCode;
    const ref = `E-${unique()}`;
    await refused(
      rawCamt054(ownIban, [
        { ref: `${ref}-1`, amount: '70.001', details: [{ amount: '70.001', rf }] },
        { ref: `${ref}-2`, amount: '0.00', details: [{ amount: '0.00', rf }] },
        { ref: `${ref}-3`, amount: '70.00', currency: 'USD', details: [{ amount: '70.00', rf }] },
        { ref: `${ref}-4`, amount: '70.00', details: [{ amount: '70.00', currency: 'GBP', rf }] },
      ]),
      /70.001 EUR, more decimals than EUR has \(2\)/,
      /has a zero amount/,
      /is in USD, but the account is in EUR/,
      /transaction 1 is in GBP, but its entry is in EUR/,
    );
    expect(await depositStatus(d.depositId)).not.toBe('Received');
  });
});

describe('whose account: only the brokerage’s own, in their currency', () => {
  it('a notification of another account is refused, though its RF reference names a deposit', async () => {
    const d = await deposit();
    const file = camt054({ iban: foreignIban, currency: 'EUR' }, [
      { bankReference: `F-${unique()}`, direction: 'CRDT', amount: '70.00', rfReference: d.depositInfo.referenceCode },
    ]);
    await refused(file, /is for account …6199, which is not one of the brokerage's accounts/);
    expect(await depositStatus(d.depositId)).not.toBe('Received');
  });

  it('our account in another currency, or at another bank, is refused', async () => {
    const d = await deposit();
    const line = { bankReference: `C-${unique()}`, direction: 'CRDT' as const, amount: '70.00' };
    await refused(
      camt054({ iban: ownIban, currency: 'GBP' }, [{ ...line, rfReference: d.depositInfo.referenceCode }]),
      /is in GBP, but EUR account …\d{4} is in EUR/,
    );
    const elsewhere = camt054({ iban: ownIban, currency: 'EUR' }, [line]).replace(
      '<Ccy>EUR</Ccy></Acct>',
      '<Ccy>EUR</Ccy><Svcr><FinInstnId><BICFI>DEUTDEFFXXX</BICFI></FinInstnId></Svcr></Acct>',
    );
    await refused(elsewhere, /is kept by DEUTDEFFXXX, but EUR account …\d{4} is at COBADEFFXXX/);
  });

  it('an ACH account is known by its number, with or without the routing the file names', async () => {
    const d = await deposit('USD', 20);
    const ok = await post(
      camt054({ number: ownUsdAccount, currency: 'USD' }, [
        { bankReference: `U-${unique()}`, direction: 'CRDT', amount: '20.00', remittance: d.depositInfo.referenceCode },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await depositStatus(d.depositId)).toBe('Received');
    const otherRouting = camt054({ number: ownUsdAccount, currency: 'USD' }, [
      { bankReference: `U-${unique()}`, direction: 'CRDT', amount: '20.00' },
    ]).replace(
      '<Ccy>USD</Ccy></Acct>',
      '<Ccy>USD</Ccy><Svcr><FinInstnId><ClrSysMmbId><MmbId>011000015</MmbId></ClrSysMmbId></FinInstnId></Svcr></Acct>',
    );
    await refused(otherRouting, /is kept by bank 011000015, but USD account …\d{4} is at 021000021/);
  });
});

describe('statements follow each other: a break is held for an operator', () => {
  const statement = (sequence: number, opening: string, closing: string, lines: Parameters<typeof camt053>[3]) =>
    camt053(
      ownIban,
      'EUR',
      { amount: closing, opening, date: `2026-11-${String(sequence).padStart(2, '0')}`, sequence },
      lines,
    );
  const credit = (d: { depositInfo: { referenceCode: string } }) => ({
    bankReference: `S-${unique()}`,
    direction: 'CRDT' as const,
    amount: '70.00',
    rfReference: d.depositInfo.referenceCode,
  });

  it('a chain applies in order; a re-import is no break; a gap is held, then accepted (audited) and applied', async () => {
    const first = await deposit();
    const one = statement(1, '1000.00', '1070.00', [credit(first)]);
    expect((await post(one)).json()).toMatchObject({ status: 'imported', credited: 1, closingBalances: 1 });
    expect((await post(one)).json()).toMatchObject({ status: 'imported', credited: 0, alreadyImported: 1 });
    // The account held 1000.00 before its first statement here: reconciliation lists it, the ledger never took it in.
    const report = (await admin('GET', '/admin/v1/reconciliation?currency=EUR')).json();
    expect(report.items).toContainEqual(
      expect.objectContaining({ kind: 'opening_balance', id: `…${ownIban.slice(-4)}`, amount: 1000 }),
    );
    const fee = { bankReference: `FEE-${unique()}`, direction: 'DBIT' as const, amount: '2.50' };
    const two = await post(statement(2, '1070.00', '1067.50', [fee]));
    expect(two.statusCode, two.body).toBe(200);

    // Statement 4 opens at 999.00: day 3 is missing and the figures do not follow. Nothing of it acts.
    const third = await deposit();
    const four = statement(4, '999.00', '1069.00', [credit(third)]);
    const held = await post(four);
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json()).toMatchObject({ status: 'held', credited: 0 });
    const reasons = held.json().reasons as string[];
    expect(reasons.join(' ')).toMatch(
      /opens at 999.00 EUR, but the last statement applied for this account closed at 1067.50 EUR/,
    );
    expect(reasons.join(' ')).toMatch(/statement 4 does not follow the last statement applied, 2/);
    expect(await depositStatus(third.depositId)).not.toBe('Received');
    const fileId = held.json().fileId as string;
    // Held once: importing it again answers the same hold.
    expect((await post(four)).json()).toMatchObject({ status: 'held', fileId });
    const queue = (await admin('GET', '/admin/v1/bank-files?status=held')).json();
    expect(queue).toContainEqual(expect.objectContaining({ fileId, status: 'held', reasons }));

    const accepted = await admin('POST', `/admin/v1/bank-files/${fileId}/accept`, { note: 'day 3 had no movement' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ fileId, status: 'imported', credited: 1 });
    await prod.ctx.jobs.runDue();
    expect(await depositStatus(third.depositId)).toBe('Received');
    expect((await admin('GET', `/admin/v1/bank-files/${fileId}`)).json()).toMatchObject({
      status: 'imported',
      decisionNote: 'day 3 had no movement',
    });
    const again = await admin('POST', `/admin/v1/bank-files/${fileId}/accept`, { note: 'twice' });
    expect(again.statusCode).toBe(409);
    const audit = (await admin('GET', '/admin/v1/audit-log?action=admin.bankFiles.accept')).json();
    expect(JSON.stringify(audit)).toContain(fileId);
    // The accepted statement is the chain's last link now: the next one follows it.
    expect((await post(statement(5, '1069.00', '1069.00', []))).statusCode).toBe(200);
  });

  it('a held statement an operator rejects is refused for good: nothing of it ever acts', async () => {
    const d = await deposit();
    const skipped = await post(statement(9, '1069.00', '1139.00', [credit(d)]));
    expect(skipped.statusCode, skipped.body).toBe(202);
    expect(skipped.json().reasons.join(' ')).toMatch(/statement 9 does not follow the last statement applied, 5/);
    const fileId = skipped.json().fileId;
    const rejected = await admin('POST', `/admin/v1/bank-files/${fileId}/reject`, { note: 'duplicate export' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ fileId, status: 'refused', decisionNote: 'duplicate export' });
    expect((await admin('POST', `/admin/v1/bank-files/${fileId}/accept`, { note: 'changed my mind' })).statusCode).toBe(
      409,
    );
    expect(await depositStatus(d.depositId)).not.toBe('Received');
  });

  it('a breaking statement imported twice at once is held once', async () => {
    const file = statement(30, '5.00', '5.00', []);
    const answers = await Promise.all([post(file), post(file)]);
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(answers[0]?.json().fileId).toBe(answers[1]?.json().fileId);
    const fileId = answers[0]?.json().fileId;
    expect((await admin('POST', `/admin/v1/bank-files/${fileId}/reject`, { note: 'test' })).statusCode).toBe(200);
  });

  it('two imports of the next statement at once: one applies, the other is held', async () => {
    const [a, b] = [await deposit(), await deposit()];
    const answers = await Promise.all([
      post(statement(6, '1069.00', '1139.00', [credit(a)])),
      post(
        camt053(ownIban, 'EUR', { amount: '1139.00', opening: '1069.00', date: '2026-11-06', sequence: 6 }, [
          { ...credit(b), bankReference: `S-other-${unique()}` },
        ]).replace('<Id>', '<Id>X'),
      ),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 202]);
    const statuses = [await depositStatus(a.depositId), await depositStatus(b.depositId)];
    expect(statuses.filter((s) => s === 'Received')).toHaveLength(1);
  });
});

describe('only booked entries move money, and reversals do what they say', () => {
  it('pending and information entries are skipped; a booked one credits', async () => {
    const d = await deposit();
    const rf = d.depositInfo.referenceCode;
    const answer = await post(
      rawCamt054(ownIban, [
        { ref: `P-${unique()}`, amount: '70.00', status: 'PDNG', details: [{ amount: '70.00', rf }] },
        { ref: `I-${unique()}`, amount: '70.00', status: 'INFO', details: [{ amount: '70.00', rf }] },
      ]),
    );
    expect(answer.json()).toMatchObject({ status: 'imported', credited: 0, skipped: 2 });
    expect(await depositStatus(d.depositId)).not.toBe('Received');
  });

  it('the reversal of an unmatched credit settles both; of an applied credit, it waits for an operator', async () => {
    const ref = `R-${unique()}`;
    const stray = await post(
      rawCamt054(ownIban, [{ ref, amount: '15.00', details: [{ amount: '15.00', rf: 'RF18539007547034' }] }]),
    );
    expect(stray.json()).toMatchObject({ unmatched: 1 });
    const undo = await post(
      rawCamt054(ownIban, [
        {
          ref: `${ref}-R`,
          amount: '15.00',
          direction: 'DBIT',
          reversal: true,
          details: [{ amount: '15.00', rf: 'RF18539007547034' }],
        },
      ]),
    );
    expect(undo.json()).toMatchObject({ reversals: 1, other: 0 });
    const byFile = async (fileId: string, status: string) =>
      (await admin('GET', `/admin/v1/bank-entries?status=${status}&fileId=${fileId}`)).json();
    // Both the stray credit and its reversal are settled: neither waits in a queue.
    expect(await byFile(stray.json().fileId, 'reversed')).toHaveLength(1);
    expect(await byFile(stray.json().fileId, 'unmatched')).toHaveLength(0);
    expect(await byFile(undo.json().fileId, 'reversed')).toHaveLength(1);

    const d = await deposit();
    const rf = d.depositInfo.referenceCode;
    const creditRef = `C-${unique()}`;
    await post(rawCamt054(ownIban, [{ ref: creditRef, amount: '70.00', details: [{ amount: '70.00', rf }] }]));
    expect(await depositStatus(d.depositId)).toBe('Received');
    const taken = await post(
      rawCamt054(ownIban, [
        {
          ref: `${creditRef}-R`,
          amount: '70.00',
          direction: 'DBIT',
          reversal: true,
          details: [{ amount: '70.00', rf }],
        },
      ]),
    );
    const queue = await byFile(taken.json().fileId, 'reversal');
    expect(queue).toContainEqual(
      expect.objectContaining({
        bankReference: `${creditRef}-R-1`,
        status: 'reversal',
        matched: { kind: 'deposit', id: d.depositId },
      }),
    );
  });
});

describe('status reports and return files must be about payouts of ours', () => {
  const sepa = {
    type: 'SEPA',
    destinationName: 'Ana Silva',
    iban: 'FR1420041010050500013M02606',
    country: 'FR',
    city: 'Paris',
    postalCode: '75001',
  };

  const fundAndWithdraw = async (amount: number) => {
    const d = await deposit('EUR', amount);
    await post(
      rawCamt054(ownIban, [
        {
          ref: `F-${unique()}`,
          amount: `${amount}.00`,
          details: [{ amount: `${amount}.00`, rf: d.depositInfo.referenceCode }],
        },
      ]),
    );
    const created = await api('POST', '/v1/withdrawals', { currency: 'EUR', amount, destinationTransferData: sepa });
    expect(created.statusCode, created.body).toBe(201);
    await prod.ctx.jobs.runDue();
    const batch = (await admin('POST', '/admin/v1/payout-batches', { rail: 'SEPA' })).json();
    const withdrawalId = created.json().withdrawalId as string;
    const reference = batch.payouts.find((p: { payoutId: string }) => p.payoutId === withdrawalId).reference;
    return { withdrawalId, batch, reference };
  };
  const withdrawalStatus = async (id: string) => (await api('GET', `/v1/withdrawals/${id}`)).json().status;

  it('a report on a file we never cut, or whose counts, sums or amounts are not ours, settles nothing', async () => {
    const { withdrawalId, batch, reference } = await fundAndWithdraw(30);
    await refused(
      pain002(`NOT-${unique()}`, [{ endToEndId: reference, status: 'ACCP' }]),
      /answers message NOT-\w+, which is not a payout file the brokerage cut/,
    );
    const report = pain002(batch.batchId, [{ endToEndId: reference, status: 'ACCP' }]);
    await refused(
      report.replace(
        '</OrgnlMsgNmId>',
        '</OrgnlMsgNmId><OrgnlNbOfTxs>7</OrgnlNbOfTxs><OrgnlCtrlSum>999.00</OrgnlCtrlSum>',
      ),
      /OrgnlNbOfTxs 7, but the file we sent held 1 payments/,
      /OrgnlCtrlSum 999.00, but the file we sent totalled 30/,
    );
    await refused(
      report.replace('</TxSts>', '</TxSts><OrgnlTxRef><Amt><InstdAmt Ccy="EUR">3000.00</InstdAmt></Amt></OrgnlTxRef>'),
      /says payment \w+ was 3000.00 EUR, but it was 30 EUR/,
    );
    expect(await withdrawalStatus(withdrawalId)).toBe('Pending');
    const sound = report.replace(
      '</OrgnlMsgNmId>',
      '</OrgnlMsgNmId><OrgnlNbOfTxs>1</OrgnlNbOfTxs><OrgnlCtrlSum>30.00</OrgnlCtrlSum>',
    );
    expect((await post(sound)).json()).toMatchObject({ status: 'imported', payoutOutcomes: 1 });
    expect(await withdrawalStatus(withdrawalId)).toBe('Success');
  });

  it('a statement debit or return naming our payout must be about its money', async () => {
    const { withdrawalId, reference } = await fundAndWithdraw(25);
    const line = { direction: 'DBIT' as const, endToEndId: reference };
    await refused(
      camt054({ iban: ownIban, currency: 'EUR' }, [{ ...line, bankReference: `D-${unique()}`, amount: '1.00' }]),
      new RegExp(`debits 1.00 EUR for payout ${reference}, which was 25 EUR`),
    );
    await refused(
      camt054({ iban: ownIban, currency: 'EUR' }, [
        {
          bankReference: `RT-${unique()}`,
          direction: 'CRDT',
          amount: '99.00',
          endToEndId: reference,
          returnReason: 'AC04',
        },
      ]),
      new RegExp(`returns 99.00 EUR for payout ${reference}, which was 25 EUR`),
    );
    expect(await withdrawalStatus(withdrawalId)).toBe('Pending');
    const debit = await post(
      camt054({ iban: ownIban, currency: 'EUR' }, [{ ...line, bankReference: `D-${unique()}`, amount: '25.00' }]),
    );
    expect(debit.json()).toMatchObject({ status: 'imported', payoutOutcomes: 1 });
    expect(await withdrawalStatus(withdrawalId)).toBe('Success');
    // A return may come back short of the bank's charges, never with more.
    const returned = await post(
      camt054({ iban: ownIban, currency: 'EUR' }, [
        {
          bankReference: `RT-${unique()}`,
          direction: 'CRDT',
          amount: '24.50',
          endToEndId: reference,
          returnReason: 'AC04',
        },
      ]),
    );
    expect(returned.json()).toMatchObject({ status: 'imported', payoutOutcomes: 1 });
  });

  it('a NACHA return of another originator is refused; ours brings the money back', async () => {
    const d = await deposit('USD', 60);
    await post(
      camt054({ number: ownUsdAccount, currency: 'USD' }, [
        { bankReference: `U-${unique()}`, direction: 'CRDT', amount: '60.00', remittance: d.depositInfo.referenceCode },
      ]),
    );
    const ach = {
      type: 'ACH_US',
      destinationName: 'John Smith',
      accountNumber: '123456789',
      routingNumber: '011000015',
      country: 'US',
      city: 'Boston',
      postalCode: '02108',
      state: 'MA',
      address: '1 Beacon Street',
      accountType: 'PERSONAL',
    };
    const created = await api('POST', '/v1/withdrawals', { currency: 'USD', amount: 60, destinationTransferData: ach });
    expect(created.statusCode, created.body).toBe(201);
    await prod.ctx.jobs.runDue();
    const batch = (await admin('POST', '/admin/v1/payout-batches', { rail: 'ACH_US' })).json();
    const withdrawalId = created.json().withdrawalId as string;
    const reference = batch.payouts.find((p: { payoutId: string }) => p.payoutId === withdrawalId).reference;
    const payoutFile = (await admin('GET', `/admin/v1/payout-batches/${batch.batchId}/file`)).body;
    const returns = nachaReturns(payoutFile, [{ payoutId: reference, reason: 'R01' }]);
    // The batch header's company id (positions 41-50) of someone else's origination.
    const foreign = returns
      .split('\n')
      .map((r) => (r.startsWith('5') ? `${r.slice(0, 40)}9999999999${r.slice(50)}` : r))
      .join('\n');
    await refused(foreign, /is in a batch of company 9999999999, not ours \(1234567890\)/);
    await prod.ctx.jobs.runDue();
    expect(['Pending', 'Success']).toContain((await api('GET', `/v1/withdrawals/${withdrawalId}`)).json().status);
    const answer = await post(returns, 'text/plain');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ payoutOutcomes: 1 });
  });
});

describe('a file that is not read at all', () => {
  it('is refused with its reason and recorded under format "unknown"', async () => {
    const file = await refused('<Document><Nothing/></Document>', /The bank file|not one read here|ISO 20022 message/);
    expect(file.format).toBe('unknown');
    const listed = (await admin('GET', '/admin/v1/bank-files?status=refused')).json();
    expect(listed).toContainEqual(expect.objectContaining({ fileId: file.fileId }));
  });
});
