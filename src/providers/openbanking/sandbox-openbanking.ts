import { createHash } from 'node:crypto';
import type { Config } from '../../config.js';
import type { OpenBankingBank, OpenBankingProvider } from './openbanking-provider.js';

/** Stage test banks: one approves every payment, the other declines every payment. */
export const sandboxBanks = {
  approves: { id: 'sandbox-aurora', name: 'Aurora Test Bank' },
  declines: { id: 'sandbox-borealis', name: 'Borealis Test Bank' },
} as const satisfies Record<string, OpenBankingBank>;

const banks: readonly OpenBankingBank[] = [sandboxBanks.approves, sandboxBanks.declines];

/**
 * The stage provider: decides at once by the bank chosen, keeps nothing, and answers a reference derived from the
 * session id (the same call answers the same reference).
 */
export const sandboxOpenBanking: OpenBankingProvider = {
  banks: () => banks,
  async authorize({ sessionId, bankId }) {
    const providerReference = `sbx-ob-${createHash('sha256').update(sessionId).digest('hex').slice(0, 16)}`;
    return bankId === sandboxBanks.approves.id
      ? { outcome: 'authorized', providerReference }
      : { outcome: 'declined', providerReference };
  },
};

/** The provider of this environment. Production has none contracted yet: creating a web form there is refused. */
export function openBankingProviderFor(config: Pick<Config, 'brokerageEnv'>): OpenBankingProvider | undefined {
  return config.brokerageEnv === 'production' ? undefined : sandboxOpenBanking;
}
