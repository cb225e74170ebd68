// The payer field a simulated inbound transfer must carry, by origin currency (spec: Sandbox simulation).
// Crypto origins carry `fromAddress` at the top level instead of a counterparty.

const mobileMoney = ['BWP', 'KES', 'MWK', 'NGN', 'RWF', 'TZS', 'UGX', 'XAF', 'XOF', 'ZMW'] as const;

/** Fields accepted in `counterparty` beside `name`; one of them must be present. An empty list: only a name. */
export const counterpartyPayerFields: Readonly<Record<string, readonly string[]>> = {
  EUR: ['iban'],
  GBP: ['accountNumber'],
  USD: ['accountNumber'],
  ARS: ['accountNumber'],
  COP: ['accountNumber'],
  BRL: ['pixKey', 'taxId'],
  MXN: ['clabe'],
  PEN: [],
  ...Object.fromEntries(mobileMoney.map((c) => [c, ['mobileMoneyNumber']])),
};
