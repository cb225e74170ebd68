// The partner's fixed data: its payer (approved when the sequence opens), a beneficiary, payout instruments, and the
// amounts and durations the steps choose among. The values pass the API's checks (test/support/orders.ts holds the
// same people for the tests).

export const payer = {
  firstName: 'Ana',
  lastName: 'Silva',
  userEmail: 'ana.sim@example.com',
  country: 'PT',
  address: '1 Main St',
  city: 'Austin',
  postalCode: '73301',
  state: 'TX',
  taxId: '52998224725',
  phoneNumber: '+254712345678',
};

export const beneficiary = {
  firstName: 'Bruno',
  lastName: 'Costa',
  userEmail: 'bruno.sim@example.com',
  country: 'BR',
  city: 'Berlin',
  postalCode: '10115',
  taxId: '52998224725',
  phoneNumber: '+5511999998888',
};

export const pix = {
  type: 'PIX_BR',
  destinationName: 'Bruno Costa',
  destinationPixCode: 'bruno@example.com',
  destinationTaxId: '52998224725',
};

export const sepaIbans = ['DE89370400440532013000', 'FR1420041010050500013M02606', 'NL91ABNA0417164300'];

export const sepa = (n: number) => ({
  type: 'SEPA',
  destinationName: 'Bruno Costa',
  iban: sepaIbans[n % sepaIbans.length],
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
});

export const cryptoSender = { fromAddress: '0x52908400098527886E0F7030069857D2E4169EE7' };

export const eurCounterparty = { counterparty: { name: 'Ana Silva', iban: 'PT50000201231234567890154' } };

/** Customers whose verification the KYC steps move (the payer stays APPROVED). */
export const customers = ['carla.sim@example.com', 'dario.sim@example.com', 'eva.sim@example.com'];

/** Order origin amounts (EUR). */
export const orderAmounts = [25, 100, 250.5, 1_000];
/** Payout amounts (BRL) whose cents ask the sandbox rail for an outcome: .91 rejected, .92 returned. */
export const magicPayouts = [500.91, 500.92];
/** Deposit amounts (EUR); undefined: an open amount. */
export const depositAmounts = [10, 42, 100, 1_000, 2_500, undefined];
/** Withdrawal amounts (EUR): the sandbox rail settles, rejects (.91) or returns (.92). */
export const withdrawalAmounts = [10, 55.5, 10.91, 10.92, 300];
/** Exchange origin amounts (EUR). */
export const exchangeAmounts = [5, 50, 400];
/** How far a tick moves the clock: a moment, the sandbox's settle delay, a lease, an hour, past a payment window. */
export const tickMs = [500, 2_500, 31_000, 300_000, 3_600_000, 90_000_000];
export const scenarios = ['success', 'success', 'success', 'failed', 'compliance_review', 'processing'] as const;
export const kycStatuses = ['PENDING', 'IN_PROGRESS', 'REVIEWING', 'APPROVED', 'REJECTED'] as const;
