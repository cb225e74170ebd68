// Request bodies the API accepts, copied from test/support/orders.ts and test/support/e2e-api.ts (the bench does not
// import the test framework): the usual payer, beneficiary and payout instruments.

export const payer = {
  firstName: 'Ana',
  lastName: 'Silva',
  userEmail: 'ana.orders@example.com',
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
  userEmail: 'bruno@example.com',
  country: 'BR',
  city: 'Berlin',
  postalCode: '10115',
  taxId: '52998224725',
  phoneNumber: '+5511999998888',
};

export const destinations = {
  SEPA: {
    type: 'SEPA',
    destinationName: 'Bruno Costa',
    iban: 'DE89370400440532013000',
    country: 'DE',
    city: 'Berlin',
    postalCode: '10115',
  },
  PIX_BR: {
    type: 'PIX_BR',
    destinationName: 'Bruno Costa',
    destinationPixCode: 'bruno@example.com',
    destinationTaxId: '52998224725',
  },
};

/** What the sandbox needs to simulate the payer's inbound EUR transfer. */
export const eurPayerFields = { counterparty: { name: 'Ana Silva', iban: 'PT50000201231234567890154' } };

/** A 100 EUR quote paid out in BRL: what every bench order is bound to. */
export const quoteBody = { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 };

/** An order from `payer` to `beneficiary` by PIX on the quote `quoteId`. */
export const pixOrderBody = (quoteId) => ({
  quoteId,
  userData: payer,
  destinationUserData: beneficiary,
  destinationTransferData: destinations.PIX_BR,
});

export const depositBody = (amount) => ({ userData: payer, currency: 'EUR', amount });

export const withdrawalBody = (amount) => ({ currency: 'EUR', amount, destinationTransferData: destinations.SEPA });
