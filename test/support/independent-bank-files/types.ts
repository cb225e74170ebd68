// Data model of the independent bank-file generator. Written from the public format definitions (ISO 20022
// camt.053/camt.054/pain.002 message definitions, SWIFT MT940 field rules, Nacha Operating Rules record layouts),
// without reading this server's readers.

/** Integer minor units of a currency (cents for EUR/USD/GBP/CHF). */
export type Minor = bigint;

export interface StatementAccountRef {
  iban?: string;
  accountNumber?: string;
  /** ABA routing, sort code or BIC, as the format carries it (camt: Svcr BIC; MT940 'bic-slash-account': the BIC). */
  routing?: string;
  currency: string;
}

export interface GenDetail {
  amountMinor: Minor;
  /** ISO 11649 creditor reference (RF..), written to RmtInf/Strd/CdtrRefInf/Ref (camt) or /REMI/ in :86: (MT940). */
  rfReference?: string;
  endToEndId?: string;
  remittance?: string;
  payerName?: string;
  payerIban?: string;
  /** ISO 20022 return reason code (AC01, AM04, ...): written to RtrInf/Rsn/Cd (camt) or /RTRN/ in :86: (MT940). */
  returnReason?: string;
}

/** One booked or non-booked entry of a statement or notification. */
export interface GenEntry {
  /** Unique per account: camt AcctSvcrRef, MT940 //bank reference (16 characters at most for MT940). */
  bankReference: string;
  /** Direction of the booking itself (for a reversal too). */
  direction: 'credit' | 'debit';
  /** MT940 entries are always booked. */
  status: 'BOOK' | 'PDNG' | 'INFO';
  /** camt RvslInd; MT940 RD (reversal of a debit: a credit booking) / RC (reversal of a credit: a debit booking). */
  reversal: boolean;
  /** At least one; the entry amount is their sum. MT940 carries one amount per :61:, so MT940 entries get one detail. */
  details: GenDetail[];
}

export interface GenStatement {
  account: StatementAccountRef;
  statementId: string;
  /** camt ElctrncSeqNb; MT940 :28C: statement number. */
  sequence?: number;
  /** Signed opening booked balance. */
  openingMinor: Minor;
  /** YYYY-MM-DD */
  openingDate: string;
  /** YYYY-MM-DD; also the booking date of every entry. */
  closingDate: string;
  entries: GenEntry[];
}

/** A camt.054 notification: no balances. */
export type GenNotification = Omit<GenStatement, 'openingMinor' | 'openingDate' | 'closingDate'> & {
  /** YYYY-MM-DD booking date of the entries; defaults to 2024-01-02. */
  bookingDate?: string;
};

export type CamtVersion = '02' | '04' | '06' | '08';

export interface CamtOptions {
  version?: CamtVersion;
  messageId?: string;
  /** Write Stmt/Ntfctn TxsSummry (default: true for camt.053, false for camt.054). */
  withSummary?: boolean;
  /** CreDtTm of the group header; default 2024-01-01T06:00:00. */
  createdAt?: string;
}

export interface Mt940Options {
  /** :25: as IBAN (default), as "BIC/account number", or as IBAN followed by the currency code. */
  accountStyle?: 'iban' | 'bic-slash-account' | 'iban-with-currency';
  /** Line ending, CRLF by default as SWIFT FIN text. */
  lineEnding?: '\r\n' | '\n';
}

export type Pain002GroupStatus = 'ACCP' | 'ACSC' | 'RJCT' | 'PART';
export type Pain002TxStatus = 'ACCP' | 'ACSC' | 'RJCT' | 'PDNG';

export interface Pain002Transaction {
  endToEndId: string;
  status: Pain002TxStatus;
  reason?: string;
  amountMinor?: Minor;
  currency?: string;
  debtorIban?: string;
}

export interface Pain002Report {
  originalMessageId: string;
  originalPaymentInformationId?: string;
  groupStatus?: Pain002GroupStatus;
  transactions: Pain002Transaction[];
  /** OrgnlNbOfTxs/OrgnlCtrlSum; when absent and every transaction has an amount, computed from the transactions. */
  originalCountAndSum?: { count: number; sumMinor: Minor; currency: string };
  messageId?: string;
  createdAt?: string;
}

export interface NachaReturn {
  /** Individual identification number, positions 40-54 of the entry. */
  individualId: string;
  amountCents: bigint;
  /**
   * 9-digit routing of the bank that returns the entry (the RDFI of the original credit, where accountNumber is held).
   * It is the batch header's originating DFI (positions 80-87), the original RDFI of addenda 99 and the prefix of the
   * return entry's trace number; returns are batched by it.
   */
  receivingRouting: string;
  accountNumber: string;
  /** R01.. */
  reason: string;
  /** 15 digits; defaults to the ODFI's first 8 digits + a 7-digit sequence. */
  originalTrace?: string;
  /** Transaction code 31 (savings) instead of 21 (checking). */
  savings?: boolean;
  individualName?: string;
}

export interface NachaReturnsFile {
  /** 9-digit routing (written " 123456789" in positions 4-13). */
  immediateDestination: string;
  /** 9-digit routing or 10-character id (positions 14-23). */
  immediateOrigin: string;
  /** 10 characters at most (positions 41-50 of the batch header and 45-54 of the batch control). */
  companyId: string;
  companyName: string;
  /**
   * 9-digit routing of the ODFI of the original credits (us): the receiving DFI of every return entry (positions 4-12;
   * the entry hash sums its first 8 digits) and the prefix of the original trace numbers.
   */
  odfi: string;
  returns: NachaReturn[];
  /** YYMMDD, default 240102 */
  fileCreationDate?: string;
  /** Line ending between 94-character records; default "\n". */
  lineEnding?: '\n' | '\r\n';
}
