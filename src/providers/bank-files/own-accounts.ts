import type { ProvidersFile } from '../providers-file.js';
import type { StatementAccount } from './bank-file.js';

// The brokerage's own bank accounts, as the providers file configures them: the accounts customers pay into
// (collectionAccounts) and the ones payouts leave from (bankPayouts). A bank file is evidence only about one of
// them (issue #27, "whose account"): a statement of any other account, or a status report or return file about
// payments that are not ours, moves nothing, however well its references match.

export interface OwnStatementAccount {
  /** How messages name it: masked, as the operator reads accounts elsewhere ("EUR account …3000"). */
  readonly label: string;
  readonly currency: string;
  /** What entries of this account are recorded under: its IBAN, else its account number. */
  readonly key: string;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly accountNumber: string | null;
  /** ABA routing number or UK sort code (digits only). */
  readonly bankCode: string | null;
}

export interface AchOriginator {
  readonly immediateOrigin: string;
  readonly immediateDestination: string;
  readonly companyId: string;
  readonly originatingDfi: string;
}

export interface OwnBankAccounts {
  readonly statementAccounts: readonly OwnStatementAccount[];
  /** The IBAN our pain.001 transfers leave from. */
  readonly sepaDebtorIban: string | null;
  readonly achOriginator: AchOriginator | null;
}

export const noOwnBankAccounts: OwnBankAccounts = { statementAccounts: [], sepaDebtorIban: null, achOriginator: null };

const compact = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();
const masked = (text: string) => `…${text.slice(-4)}`;

export function ownBankAccountsOf(file: ProvidersFile): OwnBankAccounts {
  const accounts: OwnStatementAccount[] = [];
  const add = (account: Omit<OwnStatementAccount, 'label' | 'key'>) => {
    const key = account.iban ?? account.accountNumber ?? '';
    if (accounts.some((a) => a.key === key && a.currency === account.currency)) return;
    accounts.push({ ...account, key, label: `${account.currency} account ${masked(key)}` });
  };
  for (const account of file.collectionAccounts ?? []) {
    if (account.rail === 'SEPA') {
      add({ currency: 'EUR', iban: account.iban, bic: account.bic, accountNumber: null, bankCode: null });
    } else if (account.rail === 'ACH_US') {
      const { routingNumber: bankCode, accountNumber } = account;
      add({ currency: 'USD', iban: null, bic: null, accountNumber, bankCode });
    } else {
      const bankCode = account.sortCode.replace(/-/g, '');
      add({ currency: 'GBP', iban: null, bic: null, accountNumber: account.accountNumber, bankCode });
    }
  }
  const sepa = file.bankPayouts?.sepa;
  if (sepa !== undefined) add({ currency: 'EUR', iban: sepa.iban, bic: sepa.bic, accountNumber: null, bankCode: null });
  const ach = file.bankPayouts?.ach;
  return {
    statementAccounts: accounts,
    sepaDebtorIban: sepa?.iban ?? null,
    achOriginator:
      ach === undefined
        ? null
        : {
            immediateOrigin: ach.immediateOrigin,
            immediateDestination: ach.immediateDestination,
            companyId: ach.companyId,
            originatingDfi: ach.originatingDfi,
          },
  };
}

/** The forms an account number may arrive in: alone, or (UK) after its sort code. */
function numberForms(account: OwnStatementAccount): string[] {
  if (account.accountNumber === null) return [];
  return [account.accountNumber, ...(account.bankCode === null ? [] : [`${account.bankCode}${account.accountNumber}`])];
}

function identifies(account: OwnStatementAccount, id: string): boolean {
  const written = compact(id);
  if (account.iban !== null && written === compact(account.iban)) return true;
  return numberForms(account).some((form) => compact(form) === written);
}

/**
 * A servicer the file names must be the account's bank: a BIC agrees on its first 8 characters (BIC8 and its
 * XXX branch are one bank), a member id with the routing number or sort code. What the configuration does not
 * hold (a BIC for a US account) cannot be compared and does not refuse.
 */
function servicerProblem(account: OwnStatementAccount, servicer: StatementAccount['servicer']): string | undefined {
  if (servicer === null) return undefined;
  if (servicer.bic !== null && account.bic !== null && servicer.bic.slice(0, 8) !== account.bic.slice(0, 8)) {
    return `is kept by ${servicer.bic}, but ${account.label} is at ${account.bic}`;
  }
  const memberId = servicer.memberId === null ? null : servicer.memberId.replace(/\D/g, '');
  if (memberId !== null && memberId !== '' && account.bankCode !== null && memberId !== account.bankCode) {
    return `is kept by bank ${servicer.memberId}, but ${account.label} is at ${account.bankCode}`;
  }
  return undefined;
}

export type AccountMatch =
  | { readonly ok: true; readonly account: OwnStatementAccount }
  | { readonly ok: false; readonly problem: string };

/** Which of our accounts a statement or notification is for, or why it is none of them. */
export function ownAccountOf(own: OwnBankAccounts, account: StatementAccount, where: string): AccountMatch {
  const ids = [account.iban, account.otherId, account.numberAfterBank].filter((id): id is string => !!id);
  const named = ids[0] ?? '(none)';
  const found = own.statementAccounts.find((candidate) => ids.some((id) => identifies(candidate, id)));
  if (found === undefined) {
    const known = own.statementAccounts.map((a) => a.label).join(', ') || 'none is configured';
    return {
      ok: false,
      problem: `${where} is for account ${masked(named)}, which is not one of the brokerage's accounts (${known})`,
    };
  }
  if (account.currency !== null && account.currency !== found.currency) {
    return { ok: false, problem: `${where} is in ${account.currency}, but ${found.label} is in ${found.currency}` };
  }
  const servicer = servicerProblem(found, account.servicer);
  if (servicer !== undefined) return { ok: false, problem: `${where} ${servicer}` };
  return { ok: true, account: found };
}
