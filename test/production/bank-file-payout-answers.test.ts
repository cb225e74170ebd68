// Status reports and return files must be about payouts of ours (issue #27): a pain.002 on a file we never cut, or
// whose counts, sums or amounts are not ours, a statement debit or return of another amount than our payout's, and a
// NACHA return of another originator settle nothing and are refused with every reason; the sound ones settle.
// Method: a production app whose accounts are this file's own (verifiedBankFilesApp), funded by camt.054 credits;
// withdrawals cut into payout batches through the operator API, and the bank's answers imported as files.

import { describe, expect, it } from 'vitest';
import { camt054, nachaReturns, pain002 } from '../support/bank-file-builders.js';
import { rawCamt054, unique, verifiedBankFilesApp } from '../support/verified-bank-files.js';

const { ownIban, ownUsdAccount, api, admin, runDue, post, refused, deposit } = verifiedBankFilesApp();

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
    await runDue();
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
    await runDue();
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
    await runDue();
    expect(['Pending', 'Success']).toContain((await api('GET', `/v1/withdrawals/${withdrawalId}`)).json().status);
    const answer = await post(returns, 'text/plain');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ payoutOutcomes: 1 });
  });
});
