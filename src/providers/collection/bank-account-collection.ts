import { amountFromDecimal, amountToJson } from '../../domain/money/currency-amount.js';
import { isValidAbaRouting } from '../../domain/payments/aba-routing.js';
import { isValidBic, normalizeIban } from '../../domain/payments/iban.js';
import { rfReferenceOf } from '../../domain/payments/rf-reference.js';
import type { DepositInfo } from '../rails/deposit-info.js';
import type { InstructionRequest } from '../rails/rail-provider.js';
import type { CollectionChannel } from '../rails/routed-rails.js';
import type { CollectionAccount } from './collection-accounts-config.js';

/**
 * The reference a payer quotes for one deposit or order: an ISO 11649 RF creditor reference whose body is the
 * server-generated id (never an idempotency key), so a statement line matches exactly one deposit or order and a
 * typo fails the check digits. 16 characters for a 12-character id, within Faster Payments' 18.
 */
export function collectionReferenceOf(depositId: string): string {
  return rfReferenceOf(depositId.replace(/^PRE/, ''));
}

/** Check-digit problems of a configured account, each naming the field (empty when the account is sound). */
export function collectionAccountProblems(account: CollectionAccount): string[] {
  const where = `collectionAccounts ${account.currency}/${account.rail}`;
  if (account.rail === 'SEPA') {
    return [
      ...(normalizeIban(account.iban) === account.iban
        ? []
        : [`${where}: iban ${account.iban} fails its check digits`]),
      ...(isValidBic(account.bic) ? [] : [`${where}: bic ${account.bic} is not a BIC`]),
    ];
  }
  if (account.rail === 'ACH_US' && !isValidAbaRouting(account.routingNumber)) {
    return [`${where}: routingNumber ${account.routingNumber} fails its check digit`];
  }
  return [];
}

const amountField = (request: InstructionRequest) => {
  if (request.amount === undefined) return {};
  const parsed = amountFromDecimal(request.amount, request.currency);
  if (!parsed.ok) throw new Error(`instruction amount ${request.amount} ${parsed.reason}`);
  return { amount: amountToJson(parsed.minor, request.currency) };
};

/** Pay-in by bank transfer into the brokerage's own account, quoting the deposit's RF reference. */
export function bankAccountCollection(account: CollectionAccount): CollectionChannel {
  const masked = (digits: string) => `…${digits.slice(-4)}`;
  return {
    description:
      account.rail === 'SEPA'
        ? `bank account ${account.iban.slice(0, 4)}${masked(account.iban)} at ${account.bankName}`
        : `bank account ${masked(account.accountNumber)} at ${account.bankName}`,
    async depositInstructions(request): Promise<DepositInfo> {
      const referenceCode = collectionReferenceOf(request.depositId);
      const amount = amountField(request);
      switch (account.rail) {
        case 'SEPA':
          return {
            depositType: 'SEPA',
            accountHolder: account.accountHolder,
            iban: account.iban,
            bic: account.bic,
            bankName: account.bankName,
            ...amount,
            referenceCode,
          };
        case 'ACH_US':
          return {
            depositType: 'ACH_US',
            beneficiaryName: account.beneficiaryName,
            routingNumber: account.routingNumber,
            accountNumber: account.accountNumber,
            bankName: account.bankName,
            ...amount,
            referenceCode,
          };
        case 'GBP_BANK_TRANSFER':
          return {
            depositType: 'GBP_BANK_TRANSFER',
            accountHolder: account.accountHolder,
            accountNumber: account.accountNumber,
            sortCode: account.sortCode,
            bankName: account.bankName,
            ...amount,
            referenceCode,
          };
      }
    },
  };
}
