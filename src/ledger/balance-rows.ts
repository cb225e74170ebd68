// The ledger's balance rows as a relation for a statement of another module to read from: account_id, currency,
// available and pending, as the statement's snapshot has them. events/balance-updated.ts builds balance_updated
// from one (a ledger entry passes its own RETURNING rows instead: ledger.ts). A file of its own, since ledger.ts
// imports balance-updated.ts.

export const balanceRowsSql = '(select account_id, currency, available, pending from balances)';
