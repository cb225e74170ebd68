import type { RailProvider } from './rail-provider.js';
import { depositInstructions } from './sandbox/instructions.js';

/**
 * Stage payouts settle, unless their amount asks otherwise: a fractional part of .91 makes the rail reject the
 * payout, .92 makes it pay out and then return the funds. Documented for partners in docs/decisions/.
 */
export const sandboxRails: RailProvider = {
  depositInstructions: (request) => depositInstructions(request),
  async payout(request) {
    const fraction = request.amount.split('.')[1] ?? '';
    if (fraction === '91') return 'rejected';
    if (fraction === '92') return 'returned';
    return 'settled';
  },
};
