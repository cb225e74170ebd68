// What an imported bank file says, reduced to what the import acts on. The codecs of each format
// (providers/bank-files/) read the files; lines-of.ts turns their output into these lines.

/** One booked line of a statement (camt.053, camt.054, MT940), in minor units of its currency. */
export interface StatementLine {
  /** The account the statement is for: its IBAN or account number. */
  readonly account: string;
  /** The bank's own reference of the line, stable across files: a line is recorded once under it. */
  readonly bankReference: string;
  readonly direction: 'credit' | 'debit';
  readonly currency: string;
  readonly amountMinor: bigint;
  readonly bookingDate: string | undefined;
  /** Every reference the payer or the bank gave (structured creditor reference first, then remittance text). */
  readonly references: readonly string[];
  /** The end-to-end id of a payment we initiated (our payout id), when the bank reports it. */
  readonly endToEndId: string | undefined;
  /** The payer's fields, named as the payer fields of the API (name, iban, accountNumber). */
  readonly counterparty: Readonly<Record<string, string>>;
  /** A returned payment's reason code (ISO 20022 RtrInf, e.g. AC04), when the line is a return. */
  readonly returnReason: string | undefined;
  /**
   * The bank booked this line to take back an earlier one of the opposite direction (RvslInd, MT940 RC/RD); its
   * direction is that of the reversal itself (a reversed credit is a debit).
   */
  readonly reversal: boolean;
}

/** A statement's closing booked balance. */
export interface ClosingBalance {
  readonly account: string;
  readonly currency: string;
  readonly date: string;
  readonly amountMinor: bigint;
}

/** A payment status report's verdict on one of our payouts (pain.002), or a return (NACHA, camt). */
export interface PayoutStatusLine {
  readonly payoutId: string;
  readonly outcome: 'settled' | 'rejected' | 'returned';
  readonly reason: string | undefined;
}

export interface BankFileLines {
  readonly format: string;
  readonly statementLines: readonly StatementLine[];
  readonly balances: readonly ClosingBalance[];
  readonly payoutStatuses: readonly PayoutStatusLine[];
  /** Our payout files a pain.002 refused whole (group status or payment block RJCT): every payout in them. */
  readonly rejectedBatches: readonly { readonly batchId: string; readonly reason: string | undefined }[];
  /** Lines that move no money here: entries not booked (pending, information only, forward-dated). */
  readonly skipped: number;
}
