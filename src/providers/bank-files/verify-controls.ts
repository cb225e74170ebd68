import { currencyOf } from '../../catalogue/index.js';
import { minorOfDecimal } from '../../domain/money/amount.js';
import type {
  AccountStatement,
  BankAmount,
  ParsedBankFile,
  PaymentStatusFile,
  SignedBalance,
  StatementEntry,
  StatementFile,
  TransactionsSummary,
} from './bank-file.js';

// Everything a bank file says about itself must agree before any of its lines may act (issue #27: "a file is
// verified whole"). The readers turn text into what the file claims; this module holds the claims against each
// other and returns every disagreement, not only the first, so that an operator sees the whole case at once:
//   - each entry's amount against its transaction details (sum, currency, direction) and its batch totals;
//   - a statement's or notification's TxsSummry (counts, sums, net) against its entries;
//   - a stated group NbOfTxs/CtrlSum against the whole file;
//   - a statement's opening booked balance plus its booked entries against its closing booked balance;
//   - currencies against the account's, decimals against the currency's minor unit, no zero amount;
//   - a payment status report's per-status counts and sums against its own totals.
// Whose account the file is for, and whether a statement follows the previous one, need the configuration and the
// database: operator/bank-files/verify-file.ts checks those.

/** ISO 20022 amounts carry at most 5 decimals: every amount is compared exactly in units of 10^-5. */
const SCALE = 5;

/** An amount as exact units of 10^-5, or undefined when the text is not a plain (optionally signed) decimal. */
function unitsOf(decimal: string): bigint | undefined {
  const parsed = minorOfDecimal(decimal, SCALE);
  return parsed.ok ? parsed.minor : undefined;
}

/** Units back to a decimal for messages: "120.00" is written "120". */
function decimalOfUnits(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.slice(0, -SCALE)}${fraction ? `.${fraction}` : ''}`;
}

const decimalsOf = (amount: string) => (amount.split('.')[1] ?? '').replace(/0+$/, '').length;

const signedUnits = (amount: BankAmount, creditDebit: 'CRDT' | 'DBIT') => {
  const units = unitsOf(amount.amount) ?? 0n;
  return creditDebit === 'CRDT' ? units : -units;
};

class Problems {
  readonly list: string[] = [];
  add(problem: string): void {
    if (!this.list.includes(problem)) this.list.push(problem);
  }
  /** An amount in `currency` (the account's): the same currency, not zero, no more decimals than its minor unit. */
  amount(amount: BankAmount, currency: string | null, where: string): void {
    if (currency !== null && amount.currency !== currency) {
      this.add(`${where} is in ${amount.currency}, but the account is in ${currency}`);
    }
    if (unitsOf(amount.amount) === 0n) this.add(`${where} has a zero amount`);
    this.decimals(amount.amount, amount.currency, where);
  }
  decimals(decimal: string, currency: string, where: string): void {
    const precision = currencyOf(currency)?.precision;
    if (precision !== undefined && decimalsOf(decimal.replace(/^-/, '')) > precision) {
      this.add(`${where} has ${decimal} ${currency}, more decimals than ${currency} has (${precision})`);
    }
  }
}

function checkEntry(entry: StatementEntry, currency: string | null, problems: Problems): void {
  const where = entry.where;
  problems.amount(entry.amount, currency, where);
  const { transactions } = entry;
  const unknown = transactions.filter((t) => t.amount === null).length;
  if (unknown > 0) {
    // A batch booking whose details do not each say their part cannot be split: crediting the entry's amount to
    // each detail would credit it several times over.
    problems.add(`${where} lists ${transactions.length} transactions but ${unknown} of them carry no amount`);
  }
  let detailsUnits = 0n;
  for (const [i, transaction] of transactions.entries()) {
    if (transaction.amount === null) continue;
    detailsUnits += signedUnits(transaction.amount, transaction.creditDebit);
    // The entry's own amount, lent to its only transaction by the reader: checked once, as the entry's.
    if (transaction.amount === entry.amount) continue;
    const at = `${where}, transaction ${i + 1}`;
    if (transaction.amount.currency !== entry.amount.currency) {
      problems.add(`${at} is in ${transaction.amount.currency}, but its entry is in ${entry.amount.currency}`);
    }
    if (unitsOf(transaction.amount.amount) === 0n) problems.add(`${at} has a zero amount`);
    problems.decimals(transaction.amount.amount, transaction.amount.currency, at);
  }
  const entryUnits = signedUnits(entry.amount, entry.creditDebit);
  if (unknown === 0 && detailsUnits !== entryUnits) {
    problems.add(
      `${where} is booked at ${decimalOfUnits(entryUnits)} ${entry.amount.currency} (${entry.creditDebit}), ` +
        `but its transactions add up to ${decimalOfUnits(detailsUnits)}`,
    );
  }
  checkBatches(entry, problems);
}

function checkBatches(entry: StatementEntry, problems: Problems): void {
  const { batches, where } = entry;
  let totalUnits = 0n;
  let totalsGiven = 0;
  for (const [i, batch] of batches.entries()) {
    const at = `${where}, batch ${i + 1}`;
    if (batch.creditDebit !== null && batch.creditDebit !== entry.creditDebit) {
      problems.add(`${at} is ${batch.creditDebit}, but its entry is ${entry.creditDebit}`);
    }
    // A bank need not detail every transaction of a batch booking (the Finnish banks' camt.053 gives one TxDtls for
    // a batch of four): fewer details than NbOfTxs is no disagreement, more is. The amounts are held to the entry's
    // either way.
    if (
      batch.numberOfTransactions !== null &&
      batches.length === 1 &&
      entry.transactions.length > batch.numberOfTransactions &&
      batch.listedTransactions > 0
    ) {
      problems.add(
        `${at} says NbOfTxs ${batch.numberOfTransactions}, but the entry lists ${entry.transactions.length} transactions`,
      );
    }
    if (batch.totalAmount !== null) {
      totalsGiven += 1;
      if (batch.totalAmount.currency !== entry.amount.currency) {
        problems.add(`${at} totals in ${batch.totalAmount.currency}, but its entry is in ${entry.amount.currency}`);
      }
      totalUnits += unitsOf(batch.totalAmount.amount) ?? 0n;
    }
  }
  const entryUnits = unitsOf(entry.amount.amount) ?? 0n;
  if (totalsGiven > 0 && totalsGiven === batches.length && totalUnits !== entryUnits) {
    problems.add(
      `${where} is booked at ${entry.amount.amount}, but its batch totals (TtlAmt) add up to ${decimalOfUnits(totalUnits)}`,
    );
  }
}

interface Totals {
  count: number;
  sumUnits: bigint;
  creditCount: number;
  creditUnits: bigint;
  debitCount: number;
  debitUnits: bigint;
}

function totalsOf(entries: readonly StatementEntry[]): Totals {
  const totals = { count: 0, sumUnits: 0n, creditCount: 0, creditUnits: 0n, debitCount: 0, debitUnits: 0n };
  for (const entry of entries) {
    const units = unitsOf(entry.amount.amount) ?? 0n;
    totals.count += 1;
    totals.sumUnits += units;
    if (entry.creditDebit === 'CRDT') {
      totals.creditCount += 1;
      totals.creditUnits += units;
    } else {
      totals.debitCount += 1;
      totals.debitUnits += units;
    }
  }
  return totals;
}

/** The figures of a TxsSummry that disagree with `totals` (empty when every stated figure agrees). */
function summaryDisagreements(summary: TransactionsSummary, totals: Totals): string[] {
  const found: string[] = [];
  const compare = (what: string, stated: string | null, actual: string, parse: (t: string) => bigint | undefined) => {
    if (stated === null) return;
    if (parse(stated) !== parse(actual)) found.push(`${what} says ${stated}, the entries give ${actual}`);
  };
  const count = (t: string) => (/^\d{1,15}$/.test(t) ? BigInt(t) : undefined);
  compare('TtlNtries/NbOfNtries', summary.all?.count ?? null, String(totals.count), count);
  compare('TtlNtries/Sum', summary.all?.sum ?? null, decimalOfUnits(totals.sumUnits), unitsOf);
  compare('TtlCdtNtries/NbOfNtries', summary.credits?.count ?? null, String(totals.creditCount), count);
  compare('TtlCdtNtries/Sum', summary.credits?.sum ?? null, decimalOfUnits(totals.creditUnits), unitsOf);
  compare('TtlDbtNtries/NbOfNtries', summary.debits?.count ?? null, String(totals.debitCount), count);
  compare('TtlDbtNtries/Sum', summary.debits?.sum ?? null, decimalOfUnits(totals.debitUnits), unitsOf);
  compare('the net of TtlNtries', summary.net, decimalOfUnits(totals.creditUnits - totals.debitUnits), unitsOf);
  return found;
}

function checkSummary(statement: AccountStatement, problems: Problems): void {
  if (statement.summary === null) return;
  // Banks count either every entry of the block or only the booked ones (a notification that mixes pending
  // entries); the summary must agree, as a whole, with one of the two readings.
  const all = summaryDisagreements(statement.summary, totalsOf(statement.entries));
  if (all.length === 0) return;
  const booked = summaryDisagreements(statement.summary, totalsOf(statement.entries.filter((e) => e.booked)));
  if (booked.length === 0) return;
  for (const disagreement of all) problems.add(`${statement.where}: TxsSummry ${disagreement}`);
}

function checkBalance(balance: SignedBalance | null, currency: string | null, where: string, problems: Problems) {
  if (balance === null) return;
  if (currency !== null && balance.currency !== currency) {
    problems.add(`${where} is in ${balance.currency}, but the account is in ${currency}`);
  }
  problems.decimals(balance.signedAmount, balance.currency, where);
}

/**
 * A statement's balances: a camt.053 or MT940 statement must carry an opening and a closing booked balance (without
 * them nothing shows it follows the last one), and opening + booked credits − booked debits = closing.
 */
function checkStatementBalances(statement: AccountStatement, format: StatementFile['format'], problems: Problems) {
  const { where, openingBookedBalance: opening, pageClosingBalance: closing } = statement;
  const currency = statement.account.currency;
  checkBalance(opening, currency, `${where}, opening balance`, problems);
  checkBalance(closing, currency, `${where}, closing balance`, problems);
  if (format === 'camt.054') return;
  if (opening === null) problems.add(`${where} has no opening booked balance (OPBD, PRCD or :60F:)`);
  if (closing === null) problems.add(`${where} has no closing booked balance (CLBD, ITBD, :62F: or :62M:)`);
  if (opening === null || closing === null) return;
  const booked = statement.entries.filter((e) => e.booked);
  const movement = booked.reduce((sum, e) => sum + signedUnits(e.amount, e.creditDebit), 0n);
  const openingUnits = unitsOf(opening.signedAmount) ?? 0n;
  const closingUnits = unitsOf(closing.signedAmount) ?? 0n;
  if (openingUnits + movement !== closingUnits) {
    problems.add(
      `${where}: the opening balance ${opening.signedAmount} plus the booked entries (${decimalOfUnits(movement)}) ` +
        `makes ${decimalOfUnits(openingUnits + movement)}, but the closing balance is ${closing.signedAmount}`,
    );
  }
}

function checkGroupControls(file: StatementFile, problems: Problems): void {
  const { numberOfTransactions, controlSum } = file.groupControls;
  const entries = file.accounts.flatMap((a) => a.entries);
  if (numberOfTransactions !== null) {
    const transactions = entries.reduce((n, e) => n + e.transactions.length, 0);
    // NbOfTxs counts transactions in pain messages; some banks count entries: either agrees.
    if (numberOfTransactions !== String(transactions) && numberOfTransactions !== String(entries.length)) {
      problems.add(
        `the group header says NbOfTxs ${numberOfTransactions}, but the file holds ${entries.length} entries ` +
          `(${transactions} transactions)`,
      );
    }
  }
  if (controlSum !== null) {
    const sum = entries.reduce((total, e) => total + (unitsOf(e.amount.amount) ?? 0n), 0n);
    if (unitsOf(controlSum) !== sum) {
      problems.add(
        `the group header says CtrlSum ${controlSum}, but the file's entries add up to ${decimalOfUnits(sum)}`,
      );
    }
  }
}

function statementProblems(file: StatementFile): string[] {
  const problems = new Problems();
  checkGroupControls(file, problems);
  for (const statement of file.accounts) {
    for (const entry of statement.entries) checkEntry(entry, statement.account.currency, problems);
    checkSummary(statement, problems);
    checkStatementBalances(statement, file.format, problems);
  }
  return problems.list;
}

const countOf = (text: string | null) => (text !== null && /^\d{1,15}$/.test(text) ? Number(text) : undefined);

function paymentStatusProblems(file: PaymentStatusFile): string[] {
  const problems = new Problems();
  const levels = [
    {
      where: 'the original group',
      totals: file.originalTotals,
      counts: file.countsPerStatus,
      listed: file.transactions,
    },
    ...file.paymentInformations.map((block) => ({
      where: `original payment block ${block.originalPaymentInformationId}`,
      totals: block.originalTotals,
      counts: block.countsPerStatus,
      listed: block.transactions,
    })),
  ];
  for (const { where, totals, counts, listed } of levels) {
    const stated = countOf(totals.numberOfTransactions);
    if (totals.numberOfTransactions !== null && stated === undefined) {
      problems.add(`${where} has OrgnlNbOfTxs ${totals.numberOfTransactions}, not a count`);
    }
    if (totals.controlSum !== null && unitsOf(totals.controlSum) === undefined) {
      problems.add(`${where} has OrgnlCtrlSum ${totals.controlSum}, not an amount`);
    }
    if (stated !== undefined && listed.length > stated) {
      problems.add(`${where} lists ${listed.length} transactions, but says it had ${stated}`);
    }
    if (counts.length > 0) {
      const detailed = counts.reduce((n, c) => n + (countOf(c.numberOfTransactions) ?? Number.NaN), 0);
      if (stated !== undefined && detailed !== stated) {
        problems.add(`${where}: NbOfTxsPerSts adds up to ${detailed} transactions, but OrgnlNbOfTxs is ${stated}`);
      }
      const sums = counts.map((c) => c.controlSum);
      if (totals.controlSum !== null && sums.every((s) => s !== null)) {
        const sum = sums.reduce((total, s) => total + (unitsOf(s as string) ?? 0n), 0n);
        if (sum !== unitsOf(totals.controlSum)) {
          problems.add(
            `${where}: DtldCtrlSum adds up to ${decimalOfUnits(sum)}, but OrgnlCtrlSum is ${totals.controlSum}`,
          );
        }
      }
      for (const { status, numberOfTransactions } of counts) {
        const listedWithStatus = listed.filter((t) => t.status.code === status).length;
        const count = countOf(numberOfTransactions);
        if (count !== undefined && listedWithStatus > count) {
          problems.add(`${where} lists ${listedWithStatus} transactions ${status}, but NbOfTxsPerSts says ${count}`);
        }
      }
    }
  }
  const seen = new Set<string>();
  for (const transaction of file.transactions) {
    const id = transaction.originalEndToEndId;
    if (id !== null && seen.has(id)) problems.add(`the report gives payment ${id} a status twice`);
    if (id !== null) seen.add(id);
    if (transaction.originalAmount !== null) {
      problems.amount(transaction.originalAmount, null, `the status of payment ${id ?? '(no end-to-end id)'}`);
    }
  }
  return problems.list;
}

/** Every disagreement between what the file states and what it holds; empty when it agrees with itself. */
export function controlProblems(file: ParsedBankFile): string[] {
  if (file.kind === 'statement') return statementProblems(file);
  if (file.kind === 'payment-status') return paymentStatusProblems(file);
  // NACHA: the reader already holds every batch and file control against the entries (nacha-returns.ts).
  const problems = new Problems();
  const seen = new Set<string>();
  for (const r of file.returns) {
    if (r.amountCents <= 0n) problems.add(`the return of ${r.individualId} has a zero amount`);
    if (seen.has(r.individualId)) problems.add(`the file returns ${r.individualId} twice`);
    seen.add(r.individualId);
  }
  return problems.list;
}
