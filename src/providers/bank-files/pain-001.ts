import { XMLBuilder } from 'fast-xml-parser';
import { isValidBic, normalizeIban } from '../../domain/payments/iban.js';
import { BankFileError } from './bank-file.js';
import type { SepaDebtorConfig } from './payout-file-config.js';
import { sepaIdentifier, sepaText } from './sepa-text.js';

// ISO 20022 pain.001 SEPA credit transfer initiation, as the EPC's customer-to-bank implementation guidelines (EPC132)
// shape it: one group header, one payment information block (PmtMtd TRF, service level SEPA, charges SLEV) and one
// CdtTrfTxInf per payout, its EndToEndId our payout id so that pain.002 and camt reports come back to it. Version
// pain.001.001.03 is the one every SEPA bank accepts; .001.09 (the 2019 version, required by some) differs here only
// in ReqdExctnDt/Dt and BICFI. The XML is written by fast-xml-parser's XMLBuilder, which escapes text and attributes.

export type Pain001Version = 'pain.001.001.03' | 'pain.001.001.09';

export interface SepaPayment {
  /** Our payout id: the bank reports it back in pain.002 and camt.054. */
  readonly endToEndId: string;
  /** Euro cents: SEPA credit transfers are in EUR, 0.01 to 999 999 999.99. */
  readonly amountCents: bigint;
  readonly creditorName: string;
  readonly creditorIban: string;
  /** The creditor's BIC; SEPA does not require it (IBAN-only) since 2016. */
  readonly creditorBic: string | null;
  /** RmtInf/Ustrd: at most 140 characters of the SEPA set after transliteration. */
  readonly remittance: string;
}

export interface Pain001Input {
  readonly version?: Pain001Version;
  readonly debtor: SepaDebtorConfig;
  /** GrpHdr/MsgId: unique per file; the pain.002 answers quote it as OrgnlMsgId. */
  readonly messageId: string;
  /** PmtInf/PmtInfId; the message id when absent. */
  readonly paymentInformationId?: string;
  readonly createdAt: Date;
  /** YYYY-MM-DD. */
  readonly requestedExecutionDate: string;
  /** BtchBookg: one debit for the whole block on our statement (true) or one per payout (false); the bank's default when absent. */
  readonly batchBooking?: boolean;
  readonly payments: readonly SepaPayment[];
}

export interface BuiltPain001 {
  readonly xml: string;
  readonly messageId: string;
  readonly paymentInformationId: string;
  readonly numberOfTransactions: number;
  readonly controlSumCents: bigint;
  /** CtrlSum as written: "1500.30". */
  readonly controlSum: string;
}

const MAX_AMOUNT_CENTS = 99_999_999_999n;

/** Euro cents as the exact two-decimal amount ISO 20022 carries: 10n → "0.10". */
export function euroAmountOfCents(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

function checkedIban(iban: string, what: string): string {
  const normalized = normalizeIban(iban);
  if (normalized === undefined) throw new BankFileError(`${what} ${JSON.stringify(iban)} is not a valid IBAN`);
  return normalized;
}

function checkedBic(bic: string, what: string): string {
  if (!isValidBic(bic)) throw new BankFileError(`${what} ${JSON.stringify(bic)} is not a BIC`);
  return bic;
}

function transaction(payment: SepaPayment, index: number, bicElement: string) {
  const what = `payment ${index + 1}`;
  if (payment.amountCents <= 0n || payment.amountCents > MAX_AMOUNT_CENTS) {
    throw new BankFileError(`${what} has ${payment.amountCents} cents, outside 1 to ${MAX_AMOUNT_CENTS}`);
  }
  const remittance = sepaText(payment.remittance, 140, `${what}'s remittance`, 'refuse');
  return {
    PmtId: { EndToEndId: sepaIdentifier(payment.endToEndId, `${what}'s EndToEndId`) },
    Amt: { InstdAmt: { '@Ccy': 'EUR', '#text': euroAmountOfCents(payment.amountCents) } },
    ...(payment.creditorBic === null
      ? {}
      : { CdtrAgt: { FinInstnId: { [bicElement]: checkedBic(payment.creditorBic, `${what}'s creditor BIC`) } } }),
    Cdtr: { Nm: sepaText(payment.creditorName, 70, `${what}'s creditor name`) },
    CdtrAcct: { Id: { IBAN: checkedIban(payment.creditorIban, `${what}'s creditor IBAN`) } },
    RmtInf: { Ustrd: remittance },
  };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
});

/** CreDtTm in UTC without fraction or zone ("2024-05-15T09:30:00"), the form every bank's schema accepts. */
const dateTimeOf = (date: Date) => date.toISOString().slice(0, 19);

export function buildPain001(input: Pain001Input): BuiltPain001 {
  const version = input.version ?? 'pain.001.001.03';
  const bicElement = version === 'pain.001.001.03' ? 'BIC' : 'BICFI';
  if (input.payments.length === 0) throw new BankFileError('a pain.001 file needs at least one payment');
  const endToEndIds = new Set(input.payments.map((p) => p.endToEndId));
  if (endToEndIds.size !== input.payments.length) throw new BankFileError('two payments share one EndToEndId');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.requestedExecutionDate)) {
    throw new BankFileError(`the requested execution date ${input.requestedExecutionDate} is not YYYY-MM-DD`);
  }
  const messageId = sepaIdentifier(input.messageId, 'the message id');
  const paymentInformationId = sepaIdentifier(input.paymentInformationId ?? messageId, 'the payment information id');
  const transactions = input.payments.map((p, i) => transaction(p, i, bicElement));
  const controlSumCents = input.payments.reduce((sum, p) => sum + p.amountCents, 0n);
  const controlSum = euroAmountOfCents(controlSumCents);
  const count = String(input.payments.length);
  const { debtor } = input;
  const document = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    Document: {
      '@xmlns': `urn:iso:std:iso:20022:tech:xsd:${version}`,
      '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: messageId,
          CreDtTm: dateTimeOf(input.createdAt),
          NbOfTxs: count,
          CtrlSum: controlSum,
          InitgPty: { Nm: sepaText(debtor.initiatingPartyName ?? debtor.debtorName, 70, 'the initiating party') },
        },
        PmtInf: {
          PmtInfId: paymentInformationId,
          PmtMtd: 'TRF',
          ...(input.batchBooking === undefined ? {} : { BtchBookg: String(input.batchBooking) }),
          NbOfTxs: count,
          CtrlSum: controlSum,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt:
            version === 'pain.001.001.03' ? input.requestedExecutionDate : { Dt: input.requestedExecutionDate },
          Dbtr: { Nm: sepaText(debtor.debtorName, 70, 'the debtor name') },
          DbtrAcct: { Id: { IBAN: checkedIban(debtor.iban, 'the debtor IBAN') } },
          DbtrAgt: { FinInstnId: { [bicElement]: checkedBic(debtor.bic, 'the debtor BIC') } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: transactions,
        },
      },
    },
  };
  return {
    xml: builder.build(document) as string,
    messageId,
    paymentInformationId,
    numberOfTransactions: input.payments.length,
    controlSumCents,
    controlSum,
  };
}
