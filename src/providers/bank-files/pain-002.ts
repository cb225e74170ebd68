import {
  BankFileError,
  type CountPerStatus,
  type OriginalTotals,
  type PaymentInformationStatus,
  type PaymentOutcome,
  type PaymentStatus,
  type PaymentStatusFile,
  type StatusReason,
  type TransactionStatus,
} from './bank-file.js';
import { amountAt, elementAt, elementsOf, requiredText, textAt, textsAt, type XmlElement } from './xml-document.js';

// ISO 20022 pain.002 (CstmrPmtStsRpt): the bank's answer to a pain.001 of ours, at three levels that each may carry
// a status and reasons: the original message (OrgnlGrpInfAndSts/GrpSts), each payment information block
// (OrgnlPmtInfAndSts/PmtInfSts) and each transaction (TxInfAndSts/TxSts). A status applies to everything it encloses,
// so a group RJCT with no transaction listed rejects every transaction of the original message.

// ExternalPaymentTransactionStatus1Code. Accepted means the bank will execute (or has executed) the payment; a
// technical acceptance (ACTC: the file's syntax was fine) or a receipt (RCVD) is not, and stays pending, as do PART
// (see the transactions), PDNG and BLCK. CANC (cancelled) means the money will not leave: rejected.
const ACCEPTED = new Set(['ACCP', 'ACSC', 'ACSP', 'ACWC', 'ACCC', 'ACWP', 'ACFC', 'ACIS']);
const REJECTED = new Set(['RJCT', 'CANC']);

export function outcomeOfStatus(code: string): PaymentOutcome {
  if (ACCEPTED.has(code)) return 'accepted';
  if (REJECTED.has(code)) return 'rejected';
  return 'pending';
}

function reasonsOf(element: XmlElement | undefined): StatusReason[] {
  return elementsOf(element, 'StsRsnInf').map((reason) => ({
    reasonCode: textAt(reason, 'Rsn', 'Cd'),
    proprietaryReason: textAt(reason, 'Rsn', 'Prtry'),
    additionalInfo: textsAt(reason, 'AddtlInf'),
  }));
}

function statusOf(element: XmlElement | undefined, statusElement: string): PaymentStatus | null {
  const code = textAt(element, statusElement);
  if (code === null) return null;
  if (!/^[A-Z]{4}$/.test(code)) throw new BankFileError(`the pain.002 file has a ${statusElement} of ${code}`);
  return { code, outcome: outcomeOfStatus(code), reasons: reasonsOf(element) };
}

/** OrgnlNbOfTxs and OrgnlCtrlSum as written: the verifier holds them against our own file. */
const originalTotalsOf = (element: XmlElement | undefined): OriginalTotals => ({
  numberOfTransactions: textAt(element, 'OrgnlNbOfTxs'),
  controlSum: textAt(element, 'OrgnlCtrlSum'),
});

function countsPerStatusOf(element: XmlElement | undefined, where: string): CountPerStatus[] {
  return elementsOf(element, 'NbOfTxsPerSts').map((detail) => ({
    status: requiredText(detail, `${where}, NbOfTxsPerSts`, 'DtldSts'),
    numberOfTransactions: requiredText(detail, `${where}, NbOfTxsPerSts`, 'DtldNbOfTxs'),
    controlSum: textAt(detail, 'DtldCtrlSum'),
  }));
}

function readTransaction(
  transaction: XmlElement,
  originalPaymentInformationId: string | null,
  enclosing: PaymentStatus | null,
  where: string,
): TransactionStatus {
  const status = statusOf(transaction, 'TxSts') ?? enclosing;
  if (status === null) throw new BankFileError(`${where} has no TxSts, and neither has its block nor the group`);
  return {
    originalPaymentInformationId,
    originalInstructionId: textAt(transaction, 'OrgnlInstrId'),
    originalEndToEndId: textAt(transaction, 'OrgnlEndToEndId'),
    status,
    originalAmount: amountAt(transaction, where, 'OrgnlTxRef', 'Amt', 'InstdAmt'),
    debtorIban: textAt(transaction, 'OrgnlTxRef', 'DbtrAcct', 'Id', 'IBAN'),
  };
}

function readPaymentInformation(
  block: XmlElement,
  groupStatus: PaymentStatus | null,
  where: string,
): PaymentInformationStatus {
  const originalPaymentInformationId = requiredText(block, where, 'OrgnlPmtInfId');
  const status = statusOf(block, 'PmtInfSts');
  // A PART block or group status says "look at the transactions"; it is no status for a transaction to inherit.
  const enclosing = [status, groupStatus].find((s) => s !== null && s.code !== 'PART') ?? null;
  const transactions = elementsOf(block, 'TxInfAndSts').map((t, i) =>
    readTransaction(t, originalPaymentInformationId, enclosing, `${where}, transaction ${i + 1}`),
  );
  return {
    originalPaymentInformationId,
    originalTotals: originalTotalsOf(block),
    countsPerStatus: countsPerStatusOf(block, where),
    status,
    allTransactionsRejected: status?.outcome === 'rejected',
    transactions,
  };
}

export function parsePain002(document: XmlElement, namespace: string | null): PaymentStatusFile {
  const report = elementAt(document, 'CstmrPmtStsRpt');
  const original = elementAt(report, 'OrgnlGrpInfAndSts');
  if (original === undefined) throw new BankFileError('the pain.002 file has no OrgnlGrpInfAndSts');
  const groupStatus = statusOf(original, 'GrpSts');
  const paymentInformations = elementsOf(report, 'OrgnlPmtInfAndSts').map((b, i) =>
    readPaymentInformation(b, groupStatus, `pain.002 OrgnlPmtInfAndSts ${i + 1}`),
  );
  return {
    kind: 'payment-status',
    format: 'pain.002',
    messageNamespace: namespace,
    messageId: requiredText(report, 'the pain.002 file', 'GrpHdr', 'MsgId'),
    createdAt: textAt(report, 'GrpHdr', 'CreDtTm'),
    originalMessageId: requiredText(original, 'the pain.002 file', 'OrgnlMsgId'),
    originalMessageNameId: textAt(original, 'OrgnlMsgNmId'),
    originalTotals: originalTotalsOf(original),
    countsPerStatus: countsPerStatusOf(original, 'pain.002 OrgnlGrpInfAndSts'),
    groupStatus,
    wholeMessageRejected: groupStatus?.outcome === 'rejected',
    paymentInformations,
    transactions: paymentInformations.flatMap((b) => b.transactions),
  };
}
