// The normalized shape of every bank file the server reads, whatever its format: statements (camt.053, camt.054,
// MT940), payment status reports (pain.002) and ACH return files (NACHA). Amounts are exact: ISO 20022 and MT940
// amounts are the decimal the bank wrote (a string, "1250.00"), NACHA amounts are integer cents (bigint). Nothing here
// is ever a JavaScript float.

/** A file that is not one of the formats read here, or that breaks its format; the message names what is wrong. */
export class BankFileError extends Error {
  override readonly name = 'BankFileError';
}

/** An amount as the bank wrote it: a plain non-negative decimal ("1250.00", "0.1"), with its ISO 4217 currency. */
export interface BankAmount {
  readonly amount: string;
  readonly currency: string;
}

export type CreditDebit = 'CRDT' | 'DBIT';

/**
 * ISO 20022 entry status: BOOK (booked: the only status that moves money), PDNG (pending), INFO (information only,
 * camt.054), FUTR (forward-dated).
 */
export type EntryStatus = 'BOOK' | 'PDNG' | 'INFO' | 'FUTR';

export interface PartyOfTransaction {
  readonly name: string | null;
  readonly iban: string | null;
  /** An account identifier that is not an IBAN (Acct/Id/Othr/Id), such as a US account number. */
  readonly otherAccountId: string | null;
}

export interface ReturnInformation {
  /** ISO 20022 external return reason code (AC04, MS03, …), or null when the bank gave a proprietary one only. */
  readonly reasonCode: string | null;
  readonly proprietaryReason: string | null;
  readonly additionalInfo: string[];
}

export interface BankTransactionCode {
  /** ISO 20022 domain / family / sub-family (PMNT / ICDT / RRTN is a returned credit transfer). */
  readonly domain: string | null;
  readonly family: string | null;
  readonly subFamily: string | null;
  /** A proprietary code: the bank's, or MT940's transaction type (NTRF, NMSC, …). */
  readonly proprietary: string | null;
}

/** One transaction inside an entry: a booked entry can batch several (camt TxDtls); MT940 entries hold exactly one. */
export interface EntryTransaction {
  /**
   * Unique per account across the file and stable across re-imports: the transaction's own AcctSvcrRef when the
   * bank gave distinct ones, else the entry's bank reference followed by ":" and the 1-based position.
   */
  readonly bankReference: string;
  /** Its own amount (TxDtls/Amt or AmtDtls/TxAmt), else the entry's when it is the only one; null if unknown. */
  readonly amount: BankAmount | null;
  readonly creditDebit: CreditDebit;
  /** RmtInf/Strd/CdtrRefInf/Ref as written (the RF reference a payer quoted), else null. */
  readonly creditorReference: string | null;
  /** RmtInf/Ustrd lines (MT940: the field 86 text). Search them with findRfReferences when no structured one is given. */
  readonly unstructuredRemittance: string[];
  /** The originator's end-to-end id (our payout id on a returned payout); "NOTPROVIDED" reads as null. */
  readonly endToEndId: string | null;
  readonly instructionId: string | null;
  readonly debtor: PartyOfTransaction | null;
  readonly creditor: PartyOfTransaction | null;
  /** The other side: the debtor of a credit, the creditor of a debit. */
  readonly counterparty: PartyOfTransaction | null;
  /** Present when the transaction returns an earlier payment (RtrInf): the reason the receiving bank gave. */
  readonly returnInformation: ReturnInformation | null;
  readonly additionalInfo: string | null;
}

/** A batch booked as one entry (camt NtryDtls/Btch), such as a pain.001 payment information block of ours. */
export interface EntryBatch {
  readonly messageId: string | null;
  readonly paymentInformationId: string | null;
  readonly numberOfTransactions: number | null;
  readonly totalAmount: BankAmount | null;
  /** The batch's own CdtDbtInd, when it gives one (camt .001.04+). */
  readonly creditDebit: CreditDebit | null;
  /** How many TxDtls the NtryDtls that holds this batch lists (0: the bank booked the batch without details). */
  readonly listedTransactions: number;
}

export interface StatementEntry {
  /** The bank's reference of the entry (AcctSvcrRef, else NtryRef): unique per account within the file. */
  readonly bankReference: string;
  /** Where the entry is in the file, for the verifier's messages ("camt.054 Ntfctn 1, entry 2 of …3000"). */
  readonly where: string;
  readonly creditDebit: CreditDebit;
  /** RvslInd, or MT940's RC/RD marks: the entry reverses an earlier one of the opposite direction. */
  readonly reversal: boolean;
  readonly amount: BankAmount;
  readonly status: EntryStatus;
  /** status === 'BOOK': only booked entries move money. */
  readonly booked: boolean;
  /** YYYY-MM-DD. */
  readonly bookingDate: string | null;
  readonly valueDate: string | null;
  readonly bankTransactionCode: BankTransactionCode | null;
  readonly additionalInfo: string | null;
  readonly batches: EntryBatch[];
  /** At least one: an entry without transaction details reads as one transaction carrying the entry's amount. */
  readonly transactions: EntryTransaction[];
}

export interface StatementAccount {
  readonly iban: string | null;
  readonly otherId: string | null;
  /**
   * The bank that keeps the account, when the file names it: camt Acct/Svcr (BIC, or clearing system member id such
   * as an ABA routing number or a sort code); MT940 the bank part of :25: ("COBADEFFXXX/0532013000").
   */
  readonly servicer: { readonly bic: string | null; readonly memberId: string | null } | null;
  /** MT940 "bank/account" in :25:: the account part (an IBAN or a number), which otherId holds with its bank. */
  readonly numberAfterBank?: string;
  /** The account's currency (Acct/Ccy), else that of its balances or entries; null for an empty notification. */
  readonly currency: string | null;
}

export interface SignedBalance {
  /** Negative when the bank marks the balance DBIT (an overdraft): "-12.50". */
  readonly signedAmount: string;
  readonly currency: string;
  readonly date: string | null;
}

/** The control totals a camt Stmt or Ntfctn carries in TxsSummry, as written (absent parts are null). */
export interface TransactionsSummary {
  readonly all: EntryCount | null;
  readonly credits: EntryCount | null;
  readonly debits: EntryCount | null;
  /** TtlNtries' net: credits minus debits, signed ("-12.50" when DBIT). */
  readonly net: string | null;
}

export interface EntryCount {
  /** NbOfNtries, as written (a numeric text). */
  readonly count: string | null;
  /** Sum, as written: a plain decimal. */
  readonly sum: string | null;
}

/** One statement (camt.053 Stmt, MT940 :20: block) or notification (camt.054 Ntfctn) of one account. */
export interface AccountStatement {
  readonly account: StatementAccount;
  /** Where the statement is in the file, for the verifier's messages. */
  readonly where: string;
  /** Stmt/Id, Ntfctn/Id, or MT940 :20:. */
  readonly statementId: string | null;
  /**
   * The statement's place in the account's sequence: camt ElctrncSeqNb, else LglSeqNb; MT940 :28C: statement
   * number, with its page ("00042/001") when given. Null when the file gives none.
   */
  readonly sequence: { readonly number: string; readonly page: string | null } | null;
  readonly createdAt: string | null;
  /**
   * The opening booked balance of the statement or page (camt OPBD or PRCD, MT940 :60F:/:60M:), null when the file
   * gives none (camt.054).
   */
  readonly openingBookedBalance: SignedBalance | null;
  /** The closing booked balance (camt CLBD, MT940 :62F:), null when the file gives none (camt.054). */
  readonly closingBookedBalance: SignedBalance | null;
  /**
   * The balance that closes this statement or page for the balance arithmetic: closingBookedBalance, else an
   * interim one (camt ITBD, MT940 :62M:, which closes a page of a statement that continues).
   */
  readonly pageClosingBalance: SignedBalance | null;
  /** camt TxsSummry; null when absent (always for MT940). */
  readonly summary: TransactionsSummary | null;
  readonly entries: StatementEntry[];
}

export interface StatementFile {
  readonly kind: 'statement';
  readonly format: 'camt.053' | 'camt.054' | 'mt940';
  /** The XML namespace (urn:iso:std:iso:20022:tech:xsd:camt.053.001.02), or null (MT940, or no namespace). */
  readonly messageNamespace: string | null;
  /** GrpHdr/MsgId, or null (MT940). */
  readonly messageId: string | null;
  /**
   * GrpHdr/NbOfTxs and GrpHdr/CtrlSum as written. camt's group header defines neither, but a file that carries
   * them states totals, and a stated total must agree (null when absent).
   */
  readonly groupControls: { readonly numberOfTransactions: string | null; readonly controlSum: string | null };
  readonly accounts: AccountStatement[];
}

/** What a pain.002 status means for our payout: ACCP, ACSC, ACSP, ACWC… accepted; RJCT, CANC rejected; else pending. */
export type PaymentOutcome = 'accepted' | 'rejected' | 'pending';

export interface StatusReason {
  readonly reasonCode: string | null;
  readonly proprietaryReason: string | null;
  readonly additionalInfo: string[];
}

export interface PaymentStatus {
  /** The ISO 20022 status code as written (ACCP, RJCT, PDNG, …). */
  readonly code: string;
  readonly outcome: PaymentOutcome;
  readonly reasons: StatusReason[];
}

export interface TransactionStatus {
  readonly originalPaymentInformationId: string | null;
  readonly originalInstructionId: string | null;
  /** Our payout id, as sent in the pain.001's EndToEndId. */
  readonly originalEndToEndId: string | null;
  /** TxSts, else the status of its payment information block, else the group's (they apply to what they enclose). */
  readonly status: PaymentStatus;
  /** OrgnlTxRef/Amt/InstdAmt: the amount of our payment as the bank read it, when the report repeats it. */
  readonly originalAmount: BankAmount | null;
  /** OrgnlTxRef/DbtrAcct/Id/IBAN: the account our payment was to leave from, when the report repeats it. */
  readonly debtorIban: string | null;
}

/** OrgnlNbOfTxs and OrgnlCtrlSum: what the report says the original message or block held (null when absent). */
export interface OriginalTotals {
  readonly numberOfTransactions: string | null;
  readonly controlSum: string | null;
}

/** NbOfTxsPerSts: how many of the original transactions have each status (DtldNbOfTxs, DtldSts, DtldCtrlSum). */
export interface CountPerStatus {
  readonly status: string;
  readonly numberOfTransactions: string;
  readonly controlSum: string | null;
}

export interface PaymentInformationStatus {
  readonly originalPaymentInformationId: string;
  readonly originalTotals: OriginalTotals;
  readonly countsPerStatus: CountPerStatus[];
  readonly status: PaymentStatus | null;
  /** PmtInfSts is RJCT: every transaction of this block of the original message is rejected, listed or not. */
  readonly allTransactionsRejected: boolean;
  readonly transactions: TransactionStatus[];
}

export interface PaymentStatusFile {
  readonly kind: 'payment-status';
  readonly format: 'pain.002';
  readonly messageNamespace: string | null;
  readonly messageId: string;
  readonly createdAt: string | null;
  /** The MsgId of our pain.001 this report answers. */
  readonly originalMessageId: string;
  readonly originalMessageNameId: string | null;
  readonly originalTotals: OriginalTotals;
  readonly countsPerStatus: CountPerStatus[];
  readonly groupStatus: PaymentStatus | null;
  /**
   * GrpSts is RJCT: the bank refused the whole original message, so every transaction of originalMessageId is
   * rejected, including those the report does not list (a group rejection usually lists none).
   */
  readonly wholeMessageRejected: boolean;
  readonly paymentInformations: PaymentInformationStatus[];
  /** Every listed transaction status, flattened from the payment information blocks. */
  readonly transactions: TransactionStatus[];
}

export interface AchReturn {
  /** R01 … R85 (Nacha Operating Rules, Appendix Four). */
  readonly returnReasonCode: string;
  /** The trace number of our original entry (addenda 99, positions 7–21). */
  readonly originalTraceNumber: string;
  /** The receiving DFI of the original entry (8 digits). */
  readonly originalReceivingDfi: string;
  readonly dateOfDeath: string | null;
  readonly addendaInformation: string | null;
  /** The return entry's own trace number. */
  readonly traceNumber: string;
  readonly transactionCode: string;
  readonly receivingDfiRouting: string;
  readonly accountNumber: string;
  readonly amountCents: bigint;
  /** Individual id (PPD) or identification number (CCD): our payout reference, as the original entry carried it. */
  readonly individualId: string;
  readonly individualName: string;
  readonly secCode: string;
  readonly companyId: string;
  /** The batch header's originating DFI identification (8 digits): the bank that sent the original entry. */
  readonly originatingDfi: string;
  readonly effectiveEntryDate: string | null;
}

/** A notification of change (addenda 98): the entry was posted, but the account details should be corrected. */
export interface AchNotificationOfChange {
  readonly changeCode: string;
  readonly originalTraceNumber: string;
  readonly correctedData: string;
  readonly individualId: string;
  readonly amountCents: bigint;
}

export interface AchReturnsFile {
  readonly kind: 'returns';
  readonly format: 'nacha-returns';
  readonly immediateDestination: string;
  readonly immediateOrigin: string;
  readonly fileCreationDate: string | null;
  readonly returns: AchReturn[];
  readonly notificationsOfChange: AchNotificationOfChange[];
}

export type ParsedBankFile = StatementFile | PaymentStatusFile | AchReturnsFile;
