import { type AccountStatement, BankFileError } from './bank-file.js';

// The importer records each booking by its bank reference, once per account, so that importing a file again
// changes nothing. Two bookings of one account under one reference would make the second look already imported:
// such a file is refused whole, naming the reference, instead of silently losing a booking.

export function checkUniqueReferences(statements: readonly AccountStatement[]): void {
  const seen = new Map<string, { entries: Set<string>; transactions: Set<string> }>();
  for (const { account, entries } of statements) {
    const accountKey = `${account.iban ?? account.otherId} ${account.currency ?? ''}`;
    // Named by its last four characters in the message (a stored, shown reason), whole in the key.
    const named = `…${(account.iban ?? account.otherId ?? '').slice(-4)} ${account.currency ?? ''}`.trim();
    let references = seen.get(accountKey);
    if (references === undefined) {
      references = { entries: new Set(), transactions: new Set() };
      seen.set(accountKey, references);
    }
    for (const entry of entries) {
      if (references.entries.has(entry.bankReference)) {
        throw new BankFileError(`account ${named} has two entries with bank reference ${entry.bankReference}`);
      }
      references.entries.add(entry.bankReference);
      for (const transaction of entry.transactions) {
        if (references.transactions.has(transaction.bankReference)) {
          throw new BankFileError(
            `account ${named} has two transactions with bank reference ${transaction.bankReference}`,
          );
        }
        references.transactions.add(transaction.bankReference);
      }
    }
  }
}
