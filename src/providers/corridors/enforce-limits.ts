import type { AmountBounds, CurrencyEntry } from '../../catalogue/types.js';
import { validation } from '../../domain/errors.js';
import { amountFromDecimal, amountToDecimal } from '../../domain/money/currency-amount.js';
import type { CorridorProvider } from './corridor-provider.js';

/**
 * The per-corridor amount bounds of quotes, deposits and withdrawals: 400 naming the field, the amount and the
 * bounds when `minor` is outside them; nothing when the corridor publishes none. A lookup failure is the
 * provider's 503.
 */
export async function enforceCorridorLimits(
  corridors: CorridorProvider,
  check: {
    currency: CurrencyEntry;
    direction: 'payin' | 'payout';
    minor: bigint;
    field: string;
    rail: string;
  },
): Promise<void> {
  const { currency, direction, minor } = check;
  const bounds: AmountBounds | null | undefined = (await corridors.limits(currency.code))?.[direction];
  if (!bounds) return;
  const toMinor = (decimal: string) => {
    const parsed = amountFromDecimal(decimal, currency.code);
    if (!parsed.ok) throw new Error(`catalogue limit ${decimal} ${parsed.reason}`);
    return parsed.minor;
  };
  if (minor < toMinor(bounds.min) || minor > toMinor(bounds.max)) {
    const amount = amountToDecimal(minor, currency.code);
    throw validation(
      `${check.field} ${amount} ${currency.code} is outside the ${check.rail} ${direction} limits: ${bounds.min} to ${bounds.max} ${currency.code}`,
    );
  }
}
