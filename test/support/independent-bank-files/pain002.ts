// pain.002.001.03 CustomerPaymentStatusReport writer: GrpHdr, OrgnlGrpInfAndSts (OrgnlMsgId, OrgnlMsgNmId,
// OrgnlNbOfTxs, OrgnlCtrlSum, GrpSts), OrgnlPmtInfAndSts with TxInfAndSts (OrgnlEndToEndId, TxSts, StsRsnInf,
// OrgnlTxRef/Amt/InstdAmt and OrgnlTxRef/DbtrAcct).
import { xmlEscape } from './camt.js';
import { formatMinor } from './money.js';
import type { Minor, Pain002Report } from './types.js';

/** OrgnlNbOfTxs / OrgnlCtrlSum the report carries, or null when it carries none. */
export function pain002OriginalTotals(
  report: Pain002Report,
): { count: number; sumMinor: Minor; currency: string } | null {
  if (report.originalCountAndSum !== undefined) return report.originalCountAndSum;
  const txs = report.transactions;
  if (txs.length === 0 || txs.some((t) => t.amountMinor === undefined)) return null;
  const currency = txs[0]?.currency ?? 'EUR';
  let sum = 0n;
  for (const t of txs) sum += t.amountMinor ?? 0n;
  return { count: txs.length, sumMinor: sum, currency };
}

export function pain002(report: Pain002Report): string {
  const lines: string[] = [];
  const leaf = (depth: number, tag: string, value: string, attrs = ''): void => {
    lines.push(`${'  '.repeat(depth)}<${tag}${attrs}>${xmlEscape(value)}</${tag}>`);
  };
  const open = (depth: number, tag: string): void => {
    lines.push(`${'  '.repeat(depth)}<${tag}>`);
  };
  const close = (depth: number, tag: string): void => {
    lines.push(`${'  '.repeat(depth)}</${tag}>`);
  };
  lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  lines.push('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">');
  open(1, 'CstmrPmtStsRpt');
  open(2, 'GrpHdr');
  leaf(3, 'MsgId', report.messageId ?? 'PAIN002-INDEPENDENT-1');
  leaf(3, 'CreDtTm', report.createdAt ?? '2024-01-02T10:00:00');
  close(2, 'GrpHdr');
  open(2, 'OrgnlGrpInfAndSts');
  leaf(3, 'OrgnlMsgId', report.originalMessageId);
  leaf(3, 'OrgnlMsgNmId', 'pain.001.001.03');
  const totals = pain002OriginalTotals(report);
  if (totals !== null) {
    leaf(3, 'OrgnlNbOfTxs', String(totals.count));
    leaf(3, 'OrgnlCtrlSum', formatMinor(totals.sumMinor, totals.currency));
  }
  if (report.groupStatus !== undefined) leaf(3, 'GrpSts', report.groupStatus);
  close(2, 'OrgnlGrpInfAndSts');
  if (report.transactions.length > 0 || report.originalPaymentInformationId !== undefined) {
    open(2, 'OrgnlPmtInfAndSts');
    leaf(3, 'OrgnlPmtInfId', report.originalPaymentInformationId ?? 'PMTINF-1');
    report.transactions.forEach((tx, index) => {
      open(3, 'TxInfAndSts');
      leaf(4, 'StsId', `STS-${index + 1}`);
      leaf(4, 'OrgnlEndToEndId', tx.endToEndId);
      leaf(4, 'TxSts', tx.status);
      if (tx.reason !== undefined) {
        open(4, 'StsRsnInf');
        open(5, 'Rsn');
        leaf(6, 'Cd', tx.reason);
        close(5, 'Rsn');
        close(4, 'StsRsnInf');
      }
      if (tx.amountMinor !== undefined || tx.debtorIban !== undefined) {
        open(4, 'OrgnlTxRef');
        if (tx.amountMinor !== undefined) {
          const currency = tx.currency ?? 'EUR';
          open(5, 'Amt');
          leaf(6, 'InstdAmt', formatMinor(tx.amountMinor, currency), ` Ccy="${currency}"`);
          close(5, 'Amt');
        }
        if (tx.debtorIban !== undefined) {
          open(5, 'DbtrAcct');
          open(6, 'Id');
          leaf(7, 'IBAN', tx.debtorIban);
          close(6, 'Id');
          close(5, 'DbtrAcct');
        }
        close(4, 'OrgnlTxRef');
      }
      close(3, 'TxInfAndSts');
    });
    close(2, 'OrgnlPmtInfAndSts');
  }
  close(1, 'CstmrPmtStsRpt');
  lines.push('</Document>');
  return `${lines.join('\n')}\n`;
}
