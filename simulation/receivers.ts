import type { Attempt } from '../src/events/deliver.js';

// The partners' webhook receivers, in memory: the dispatcher's transport (DispatcherOptions.post) is replaced by
// this one, which answers by the URL's path as a receiver of that kind would, at once and without sockets, so a
// delivery's outcome follows the seed. The URLs are IP literals over http (WEBHOOK_ALLOW_INSECURE=1), so creating an
// endpoint resolves no name either.

export const receiverKinds = ['ok', 'fail', 'hang', 'vanish'] as const;
export type ReceiverKind = (typeof receiverKinds)[number];

export const receiverUrl = (kind: ReceiverKind, n: number) => `http://127.0.0.1:9/${kind}/${n}`;

/** The receivers' side: what each URL received (the envelope's eventId, once per delivery). */
export class Receivers {
  readonly received = new Map<string, string[]>();

  post = async (url: string, body: Buffer, _headers: Record<string, string>, options: { timeoutMs: number }) => {
    const kind = new URL(url).pathname.split('/')[1] as ReceiverKind;
    const attempt = (statusCode: number | undefined, error?: string, latencyMs = 1): Attempt => ({
      statusCode,
      latencyMs,
      error,
    });
    switch (kind) {
      case 'ok': {
        const { eventId } = JSON.parse(body.toString('utf8')) as { eventId: string };
        this.received.set(url, [...(this.received.get(url) ?? []), eventId]);
        return attempt(200);
      }
      case 'fail':
        return attempt(500);
      case 'hang':
        return attempt(undefined, `no answer within ${options.timeoutMs} ms`, options.timeoutMs);
      default:
        return attempt(undefined, 'connect ECONNREFUSED 127.0.0.1:9');
    }
  };
}
