// Webhook dispatch lag: events committed at a steady rate, delivered by the measured server's dispatcher to a
// loopback receiver (bench/scenarios/webhook-lag.mjs is both the source and the receiver).

import { settings } from '../lib/config.mjs';
import { child } from '../lib/measure.mjs';
import { script, tag } from './context.mjs';

export function webhooksBlock(c) {
  const { env, ws, databaseUrl } = c;
  return {
    id: 'webhooks',
    title: `Webhook dispatch lag at ${settings.webhookEventsPerSecond} events/s to a loopback receiver`,
    beforeEach: () => env.quiesce(),
    measurements: [
      {
        ...child({
          id: 'webhook-lag',
          label: `webhook lag, commit to receiver (${settings.webhookEventsPerSecond}/s)`,
          script: script('../scenarios/webhook-lag.mjs'),
          connections: 1,
          spec: async (rep) => ({
            databaseUrl,
            workspaceId: ws.webhooks.workspaceId,
            port: env.webhookPort,
            rate: settings.webhookEventsPerSecond,
            tag: tag('evt', rep),
          }),
        }),
      },
    ],
  };
}
