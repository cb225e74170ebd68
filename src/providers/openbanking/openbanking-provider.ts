// The open banking provider: lists the banks a payer can pay from and asks the chosen bank to authorise a payment.
// Its clearing happens on the ordinary inbound rail (SEPA, GBP bank transfer): an authorised payment arrives as an
// inbound transfer to the deposit or order, like any other.

/** A bank the payer can choose on the hosted page. */
export interface OpenBankingBank {
  readonly id: string;
  readonly name: string;
}

export interface PaymentAuthorization {
  /** Our session id: a real provider takes it as the idempotency key, so a retried call pays once. */
  readonly sessionId: string;
  readonly bankId: string;
  readonly currency: string;
  /** Exact decimal in major units. */
  readonly amount: string;
  /** The transfer reference the receiving account matches on. */
  readonly reference: string;
  readonly payer: { readonly name: string; readonly iban?: string; readonly accountNumber?: string };
}

export type AuthorizationOutcome =
  | { readonly outcome: 'authorized'; readonly providerReference: string }
  | { readonly outcome: 'declined'; readonly providerReference: string };

export interface OpenBankingProvider {
  /** The banks offered for a currency (EUR, GBP). */
  banks(currency: string): readonly OpenBankingBank[];
  /** Called outside any transaction. */
  authorize(request: PaymentAuthorization): Promise<AuthorizationOutcome>;
}
