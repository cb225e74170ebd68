import { externalService } from '../src/domain/errors.js';
import type { PriceSource } from '../src/providers/prices/price-source.js';

// The stage price table (src/providers/prices/reference-table.ts) behind a switch the simulator sets: the next calls
// fail as a live source that cannot answer fails (503 ExternalServiceError: its contract in price-source.ts). Quotes,
// orders and withdrawals read prices, the last two inside their keyed write.

export class FaultyPrices implements PriceSource {
  private remaining = 0;
  /** Calls that met the fault, for the step's record. */
  faulted = 0;

  constructor(private readonly real: PriceSource) {}

  arm(calls: number): void {
    this.remaining = calls;
  }

  disarm(): void {
    this.remaining = 0;
  }

  referenceRates: PriceSource['referenceRates'] = async (currencies) => {
    if (this.remaining > 0) {
      this.remaining -= 1;
      this.faulted += 1;
      throw externalService('injected: the price source did not answer in time');
    }
    return this.real.referenceRates(currencies);
  };

  covers: PriceSource['covers'] = (currency) => this.real.covers(currency);

  describe: PriceSource['describe'] = () => this.real.describe();
}
