import { currencyOf } from '../../catalogue/index.js';
import { amountFromDecimal } from '../../domain/money/currency-amount.js';
import type {
  AccountStatement,
  AchReturnsFile,
  EntryTransaction,
  ParsedBankFile,
  PaymentStatusFile,
  StatementFile,
} from '../../providers/bank-files/bank-file.js';
import type { BankFileLines, ClosingBalance, PayoutStatusLine, StatementLine } from './lines.js';

// From a parsed bank file (providers/bank-files/) to the lines the import acts on, once the file is verified whole
// (verify-file.ts): every amount is in the account's currency, at its scale, and the transactions of an entry add
// up to it. Only booked entries move money; pending, information-only and forward-dated ones are counted as skipped.

/** An amount the verification accepted, in minor units; anything else here is a bug, never a line to skip. */
const minorOf = (amount: string, currency: string): bigint => {
  const parsed = currencyOf(currency) === undefined ? undefined : amountFromDecimal(amount.replace(/^-/, ''), currency);
  if (parsed === undefined || !parsed.ok) throw new Error(`a verified bank file carries ${amount} ${currency}`);
  return parsed.minor;
};

const accountOf = (statement: AccountStatement) => statement.account.iban ?? statement.account.otherId ?? 'unknown';

function counterpartyOf(transaction: EntryTransaction): Record<string, string> {
  const party = transaction.counterparty;
  const fields: Record<string, string> = {};
  if (party?.name) fields.name = party.name;
  if (party?.iban) fields.iban = party.iban;
  if (party?.otherAccountId) fields.accountNumber = party.otherAccountId;
  return fields;
}

function statementLines(file: StatementFile): { lines: StatementLine[]; balances: ClosingBalance[]; skipped: number } {
  const lines: StatementLine[] = [];
  const balances: ClosingBalance[] = [];
  let skipped = 0;
  for (const statement of file.accounts) {
    const account = accountOf(statement);
    const closing = statement.closingBookedBalance;
    if (closing?.date) {
      const negative = closing.signedAmount.startsWith('-');
      const minor = minorOf(closing.signedAmount, closing.currency);
      balances.push({
        account,
        currency: closing.currency,
        date: closing.date,
        amountMinor: negative ? -minor : minor,
      });
    }
    for (const entry of statement.entries) {
      if (!entry.booked) {
        skipped += entry.transactions.length;
        continue;
      }
      for (const transaction of entry.transactions) {
        // An entry of several transactions without each one's amount was refused (verify-controls.ts).
        const amount = transaction.amount ?? entry.amount;
        const amountMinor = minorOf(amount.amount, amount.currency);
        lines.push({
          account,
          bankReference: transaction.bankReference,
          direction: transaction.creditDebit === 'CRDT' ? 'credit' : 'debit',
          currency: amount.currency,
          amountMinor,
          bookingDate: entry.bookingDate ?? undefined,
          references: [
            ...(transaction.creditorReference ? [transaction.creditorReference] : []),
            ...transaction.unstructuredRemittance,
          ],
          endToEndId: transaction.endToEndId ?? undefined,
          counterparty: counterpartyOf(transaction),
          returnReason:
            transaction.returnInformation === null
              ? undefined
              : (transaction.returnInformation.reasonCode ??
                transaction.returnInformation.proprietaryReason ??
                'returned'),
          reversal: entry.reversal,
        });
      }
    }
  }
  return { lines, balances, skipped };
}

const reasonText = (reasons: PaymentStatusFile['transactions'][number]['status']['reasons']) =>
  reasons
    .map((r) => [r.reasonCode ?? r.proprietaryReason, ...r.additionalInfo].filter(Boolean).join(' '))
    .filter((text) => text !== '')
    .join('; ') || undefined;

function statusLines(file: PaymentStatusFile): PayoutStatusLine[] {
  const lines: PayoutStatusLine[] = [];
  for (const transaction of file.transactions) {
    if (transaction.originalEndToEndId === null || transaction.status.outcome === 'pending') continue;
    lines.push({
      payoutId: transaction.originalEndToEndId,
      outcome: transaction.status.outcome === 'accepted' ? 'settled' : 'rejected',
      reason: reasonText(transaction.status.reasons) ?? transaction.status.code,
    });
  }
  return lines;
}

function returnLines(file: AchReturnsFile): PayoutStatusLine[] {
  return file.returns.map((r) => ({
    payoutId: r.individualId.trim(),
    outcome: 'returned' as const,
    reason: [r.returnReasonCode, r.addendaInformation].filter(Boolean).join(' '),
  }));
}

/** The lines of a parsed file, and the payout files a pain.002 refused whole. */
export function linesOf(parsed: ParsedBankFile): BankFileLines {
  if (parsed.kind === 'statement') {
    const { lines, balances, skipped } = statementLines(parsed);
    return {
      format: parsed.format,
      statementLines: lines,
      balances,
      payoutStatuses: [],
      skipped,
      rejectedBatches: [],
    };
  }
  if (parsed.kind === 'payment-status') {
    // Our files use the batch id as both message id and payment information id (payout-files/sepa-payout-file.ts).
    const rejectedBatches = [
      ...(parsed.wholeMessageRejected
        ? [{ batchId: parsed.originalMessageId, reason: reasonText(parsed.groupStatus?.reasons ?? []) }]
        : []),
      ...parsed.paymentInformations
        .filter((block) => block.allTransactionsRejected)
        .map((block) => ({
          batchId: block.originalPaymentInformationId,
          reason: reasonText(block.status?.reasons ?? []),
        })),
    ];
    return {
      format: parsed.format,
      statementLines: [],
      balances: [],
      payoutStatuses: statusLines(parsed),
      skipped: 0,
      rejectedBatches,
    };
  }
  return {
    format: parsed.format,
    statementLines: [],
    balances: [],
    payoutStatuses: returnLines(parsed),
    skipped: 0,
    rejectedBatches: [],
  };
}
