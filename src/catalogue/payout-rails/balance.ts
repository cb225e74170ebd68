import { currencies } from '../currencies.js';
import type { PayoutRailEntry } from '../types.js';
import { SPEC_SOURCE } from './field-helpers.js';
import { methodNameOf } from './method-name.js';

// An exchange pays into the partner's own balance: `type` alone, for any currency a balance can hold.
export const balance: PayoutRailEntry = {
  rail: 'BALANCE',
  method: methodNameOf('BALANCE'),
  kind: 'balance',
  currencies: currencies.filter((c) => c.holdable).map((c) => c.code),
  fields: [],
  source: SPEC_SOURCE,
};
