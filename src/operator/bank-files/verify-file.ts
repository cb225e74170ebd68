import { minorOfDecimal } from '../../domain/money/amount.js';
import { amountToDecimal, scaleOf } from '../../domain/money/currency-amount.js';
import { findPayout, registeredPayoutsOfBatch } from '../../payouts/register.js';
import type {
  AccountStatement,
  AchReturnsFile,
  ParsedBankFile,
  PaymentStatusFile,
  StatementFile,
} from '../../providers/bank-files/bank-file.js';
import { type OwnBankAccounts, ownAccountOf } from '../../providers/bank-files/own-accounts.js';
import { controlProblems } from '../../providers/bank-files/verify-controls.js';
import type { Queryable } from '../../storage/db.js';
import { findBatch } from '../payout-batches/repo.js';
import { linkOf, type PendingLink, readChain } from './statement-chain.js';

// A bank file is evidence, and evidence is hostile input (issue #27): before any of its lines moves money, the whole
// file is held against
//   1. itself: every control total it carries (providers/bank-files/verify-controls.ts);
//   2. whose it is: a statement's account is one of the brokerage's configured accounts in that currency; a status
//      report answers a payout file we cut, with its counts, sums, payments and debtor account; a return file comes
//      from our ACH origination (its header, company id and the original entries' trace numbers);
//   3. where it stands: a camt.053 or MT940 statement follows its account's previous one (statement-chain.ts).
// A file that fails 1 or 2 is refused; one that fails only 3 is held for an operator. Either moves nothing.

export interface Verdict {
  /** Why the file is refused: nothing of it may act. */
  readonly problems: string[];
  /** Why it waits for an operator: it is sound and ours, but breaks a statement chain. */
  readonly breaks: string[];
  /** The statements to append to their accounts' chains when the file is applied. */
  readonly links: PendingLink[];
  /** The brokerage's accounts the file reports on, as messages name them (masked). */
  readonly accounts: string[];
}

async function statementVerdict(
  tx: Queryable,
  own: OwnBankAccounts,
  file: StatementFile,
  problems: string[],
  options: { readonly chain: boolean },
): Promise<Verdict> {
  const accounts = new Set<string>();
  const statements: { link: PendingLink; where: string }[] = [];
  for (const statement of file.accounts) {
    const match = ownAccountOf(own, statement.account, statement.where);
    if (!match.ok) {
      problems.push(match.problem);
      continue;
    }
    accounts.add(match.account.label);
    if (file.format === 'camt.054') continue;
    const link = linkOf(statement, match.account);
    if (link !== undefined) statements.push({ link, where: describe(statement) });
  }
  if (problems.length === 0) problems.push(...(await payoutLineProblems(tx, file)));
  if (problems.length > 0) return { problems, breaks: [], links: [], accounts: [...accounts] };
  const chain = await readChain(tx, statements);
  return { problems, breaks: options.chain ? chain.breaks : [], links: chain.links, accounts: [...accounts] };
}

/**
 * A statement line that names one of our payouts by its end-to-end id settles it (a debit) or returns it (a credit
 * with a return reason, or the bank's reversal of its debit): it must be about that payout's money. A debit is the
 * payout's amount exactly; a return is at most that (the returning bank may keep its charges), never more; both in
 * the payout's currency.
 */
async function payoutLineProblems(tx: Queryable, file: StatementFile): Promise<string[]> {
  const problems: string[] = [];
  for (const statement of file.accounts) {
    for (const entry of statement.entries) {
      if (!entry.booked) continue;
      for (const [i, transaction] of entry.transactions.entries()) {
        if (transaction.endToEndId === null) continue;
        const settles = transaction.creditDebit === 'DBIT' && !entry.reversal;
        const returns =
          transaction.creditDebit === 'CRDT' && (transaction.returnInformation !== null || entry.reversal);
        if (!settles && !returns) continue;
        const payout = await findPayout(tx, transaction.endToEndId);
        const amount = transaction.amount ?? entry.amount;
        if (payout === undefined) continue;
        const minor = minorIn(amount.amount, amount.currency);
        const payoutMinor = BigInt(payout.amount_minor);
        const fits = settles ? minor === payoutMinor : minor !== undefined && minor <= payoutMinor;
        if (amount.currency !== payout.currency || !fits) {
          problems.push(
            `${entry.where}, transaction ${i + 1} ${settles ? 'debits' : 'returns'} ${amount.amount} ${amount.currency} ` +
              `for payout ${transaction.endToEndId}, which was ${amountToDecimal(payoutMinor, payout.currency)} ${payout.currency}`,
          );
        }
      }
    }
  }
  return problems;
}

const describe = (statement: AccountStatement) =>
  `${statement.where}${statement.sequence === null ? '' : ` (number ${statement.sequence.number}${statement.sequence.page === null ? '' : `/${statement.sequence.page}`})`}`;

const minorIn = (decimal: string, currency: string) => {
  const parsed = minorOfDecimal(decimal, scaleOf(currency));
  return parsed.ok ? parsed.minor : undefined;
};

/** A status report must answer one of our SEPA payout files, about its payments, with its figures. */
async function statusReportProblems(tx: Queryable, own: OwnBankAccounts, file: PaymentStatusFile): Promise<string[]> {
  if (own.sepaDebtorIban === null) {
    return ['no SEPA payouts are configured (bankPayouts.sepa): a payment status report cannot be about ours'];
  }
  const batch = await findBatch(tx, file.originalMessageId);
  if (batch === undefined || batch.rail !== 'SEPA') {
    return [`the report answers message ${file.originalMessageId}, which is not a payout file the brokerage cut`];
  }
  const problems: string[] = [];
  const total = amountToDecimal(BigInt(batch.total_minor), batch.currency);
  const checkTotals = (where: string, totals: PaymentStatusFile['originalTotals']) => {
    const { numberOfTransactions: count, controlSum: sum } = totals;
    if (count !== null && count !== String(batch.payout_count)) {
      problems.push(`${where} says OrgnlNbOfTxs ${count}, but the file we sent held ${batch.payout_count} payments`);
    }
    if (sum !== null && minorIn(sum, batch.currency) !== BigInt(batch.total_minor)) {
      problems.push(`${where} says OrgnlCtrlSum ${sum}, but the file we sent totalled ${total}`);
    }
  };
  checkTotals('the report', file.originalTotals);
  for (const block of file.paymentInformations) {
    // Our files carry one payment information block, under the batch id (payout-files/sepa-payout-file.ts).
    if (block.originalPaymentInformationId !== batch.id) {
      problems.push(`the report answers payment block ${block.originalPaymentInformationId}, not one of that file`);
    }
    checkTotals(`payment block ${block.originalPaymentInformationId}`, block.originalTotals);
  }
  const payouts = await registeredPayoutsOfBatch(tx, batch.id);
  for (const transaction of file.transactions) {
    const id = transaction.originalEndToEndId;
    if (id === null) continue;
    const payout = payouts.find((p) => p.reference === id || p.payout_id === id);
    if (payout === undefined) {
      problems.push(`the report gives a status to payment ${id}, which the file ${batch.id} did not carry`);
      continue;
    }
    const amount = transaction.originalAmount;
    if (
      amount !== null &&
      (amount.currency !== payout.currency || minorIn(amount.amount, amount.currency) !== BigInt(payout.amount_minor))
    ) {
      problems.push(
        `the report says payment ${id} was ${amount.amount} ${amount.currency}, but it was ` +
          `${amountToDecimal(BigInt(payout.amount_minor), payout.currency)} ${payout.currency}`,
      );
    }
    if (transaction.debtorIban !== null && transaction.debtorIban.replace(/\s/g, '') !== own.sepaDebtorIban) {
      problems.push(`the report says payment ${id} left account …${transaction.debtorIban.slice(-4)}, not ours`);
    }
  }
  return problems;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** A return file must come from our ACH origination and return entries we sent, at their amounts. */
async function returnFileProblems(tx: Queryable, own: OwnBankAccounts, file: AchReturnsFile): Promise<string[]> {
  const ach = own.achOriginator;
  if (ach === null) return ['no ACH payouts are configured (bankPayouts.ach): a return file cannot be about ours'];
  const problems: string[] = [];
  const ours = [digitsOnly(ach.immediateOrigin), digitsOnly(ach.immediateDestination)].sort().join(' ');
  const header = [digitsOnly(file.immediateDestination), digitsOnly(file.immediateOrigin)].sort().join(' ');
  if (header !== ours) {
    problems.push(
      `the file header names ${file.immediateDestination} and ${file.immediateOrigin}, not our origination ` +
        `(${ach.immediateOrigin} with ${ach.immediateDestination})`,
    );
  }
  const odfi = ach.originatingDfi.slice(0, 8);
  for (const entry of [...file.returns, ...file.notificationsOfChange]) {
    const of = `the return of ${entry.individualId}`;
    if ('companyId' in entry && entry.companyId.trim() !== ach.companyId.trim()) {
      problems.push(`${of} is in a batch of company ${entry.companyId}, not ours (${ach.companyId})`);
    }
    if (!entry.originalTraceNumber.startsWith(odfi)) {
      problems.push(`${of} returns trace number ${entry.originalTraceNumber}, which our bank (${odfi}) did not send`);
    }
    if (!('returnReasonCode' in entry)) continue;
    const payout = await findPayout(tx, entry.individualId);
    if (payout === undefined) continue;
    if (payout.rail !== 'ACH_US' || payout.currency !== 'USD' || BigInt(payout.amount_minor) !== entry.amountCents) {
      problems.push(
        `${of} is for ${entry.amountCents} cents, but that payout was ` +
          `${amountToDecimal(BigInt(payout.amount_minor), payout.currency)} ${payout.currency} by ${payout.rail}`,
      );
    }
  }
  return problems;
}

/**
 * Everything that must hold before a file acts, checked inside the import's transaction (the chain's lock and the
 * register's rows are read there). `chain: false` when an operator accepts a held file: the break is what they
 * accepted, everything else is checked again.
 */
export async function verifyBankFile(
  tx: Queryable,
  own: OwnBankAccounts,
  file: ParsedBankFile,
  options: { readonly chain: boolean },
): Promise<Verdict> {
  const problems = controlProblems(file);
  if (file.kind === 'statement') return statementVerdict(tx, own, file, problems, options);
  const evidence =
    file.kind === 'payment-status'
      ? await statusReportProblems(tx, own, file)
      : await returnFileProblems(tx, own, file);
  const accounts =
    file.kind === 'payment-status'
      ? [`EUR account …${own.sepaDebtorIban?.slice(-4) ?? ''}`]
      : [`ACH origination ${own.achOriginator?.companyId ?? ''}`];
  return { problems: [...problems, ...evidence], breaks: [], links: [], accounts };
}
