/** What the customer gave on the hosted page's document step. We keep the image only for manual review (kyc_documents). */
export interface DocumentCapture {
  readonly documentType: 'idcard' | 'passport' | 'drivinglicense' | 'visa';
  readonly documentNumber: string;
  /** ISO date. */
  readonly expiryDate: string;
  readonly issuingCountry: string;
  readonly image: { readonly bytes: Buffer; readonly mimeType: string };
  /** KYB: the organisation's legal name and registration number. */
  readonly organisation?: { readonly legalName: string; readonly registrationNumber: string };
}

export type CheckOutcome =
  | { readonly state: 'pending' }
  | { readonly state: 'approved' }
  | { readonly state: 'rejected'; readonly reason: string };

/**
 * An identity-verification vendor. `submit` hands over a capture and answers the vendor's reference; `outcome`
 * asks what it decided. Both are called outside database transactions (from the page handler and from jobs), and
 * `submit` is keyed by our session id so a retried call does not open a second check.
 */
export interface VerificationProvider {
  submit(input: {
    readonly sessionId: string;
    readonly verificationType: 'KYC' | 'KYB';
    readonly capture: DocumentCapture;
    readonly todayIso: string;
  }): Promise<{ readonly checkRef: string }>;
  outcome(checkRef: string): Promise<CheckOutcome>;
}
