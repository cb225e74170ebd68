import { currencyOf } from '../../catalogue/index.js';
import { amountFromDecimal, amountFromJson } from '../../domain/money/currency-amount.js';
import { compileValidator } from '../../platform/ajv.js';
import type { DepositInfo } from '../rails/deposit-info.js';
import type { InstructionRequest } from '../rails/rail-provider.js';
import { routeKey } from '../rails/routed-rails.js';
import { ProviderDepositInfo } from './protocol-schema.js';

// A provider's deposit instructions are shown to partners as they are, so they are checked first: a closed shape of
// the rail's depositType (nothing of the provider's own reaches a partner), the network of a crypto rail, and the
// amount the deposit expects.

const validShape = compileValidator(ProviderDepositInfo, 'json');

const canonicalRail = (currency: string, rail: string) => routeKey(currency, rail).split('/')[1] ?? rail;

/** The depositType a payin rail's instructions carry (providers/rails/deposit-info.ts). */
export function expectedDepositType(currency: string, rail: string): DepositInfo['depositType'] | undefined {
  const canonical = canonicalRail(currency, rail);
  const method = currencyOf(currency)?.payinMethods.find((m) => m.rail === canonical);
  if (method === undefined) return undefined;
  if (method.type === 'crypto') return 'CRYPTO';
  if (method.type === 'pix') return 'PIX';
  if (method.type === 'mobileMoney') return 'MOBILE_MONEY';
  if (canonical === 'SEPA' || canonical === 'GBP_BANK_TRANSFER' || canonical === 'ACH_US') return canonical;
  if (canonical === 'SPEI') return 'SPEI';
  if (canonical.startsWith('BANK_DEPOSIT_')) return 'BANK_TRANSFER';
  return undefined;
}

/** What is wrong with a provider's answer for `request`, or undefined when partners may see it. */
export function depositAnswerProblem(request: InstructionRequest, answer: unknown): string | undefined {
  if (!validShape(answer)) return 'the answer is not a deposit instruction of the protocol';
  const info = answer as DepositInfo;
  const expected = expectedDepositType(request.currency, request.rail);
  if (info.depositType !== expected) return `depositType ${info.depositType} where ${expected ?? 'none'} is expected`;
  if (info.depositType === 'CRYPTO') {
    const network = canonicalRail(request.currency, request.rail);
    if (info.network !== network) return `network ${info.network} where ${network} is expected`;
  }
  const shown = (info as { readonly amount?: number }).amount;
  if (shown !== undefined) {
    const given = amountFromJson(shown, request.currency);
    const asked = request.amount === undefined ? undefined : amountFromDecimal(request.amount, request.currency);
    if (!given.ok || asked === undefined || !asked.ok || given.minor !== asked.minor) {
      return `amount ${shown} differs from the deposit's ${request.amount ?? '(open amount)'}`;
    }
  }
  return undefined;
}
