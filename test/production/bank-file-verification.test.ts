// Production credits only what the bank booked (issue #27): a bank file is verified whole before any line acts. A
// file whose details add up to more than its entry, whose totals disagree, whose amounts are not its account's, or
// that is a statement of someone else's account, moves nothing; each refusal names every reason and is recorded;
// pending and information entries move nothing, and reversals do what they say. Method: a production app whose
// accounts are this file's own (verifiedBankFilesApp), files written out by hand so that their figures can disagree,
// imported through POST /admin/v1/bank-files; deposits read back through the partner API.

import { describe, expect, it } from 'vitest';
import { camt054 } from '../support/bank-file-builders.js';
import { foreignIban, rawCamt054, unique, verifiedBankFilesApp } from '../support/verified-bank-files.js';

const { ownIban, ownUsdAccount, admin, post, refused, deposit, depositStatus } = verifiedBankFilesApp();

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

describe('a file that is not read at all', () => {
  it('is refused with its reason and recorded under format "unknown"', async () => {
    const file = await refused('<Document><Nothing/></Document>', /The bank file|not one read here|ISO 20022 message/);
    expect(file.format).toBe('unknown');
    const listed = (await admin('GET', '/admin/v1/bank-files?status=refused')).json();
    expect(listed).toContainEqual(expect.objectContaining({ fileId: file.fileId }));
  });
});
