import type { Attempt } from '../src/events/deliver.js';

// The partners' webhook receivers, in memory: the dispatcher's transport (DispatcherOptions.post) is replaced by
// this one, which answers by the URL's path as a receiver of that kind would, at once and without sockets, so a
// delivery's outcome follows the seed. The URLs are IP literals over http (WEBHOOK_ALLOW_INSECURE=1), so creating an
// endpoint resolves no name either.

export const receiverKinds = ['ok', 'fail', 'hang', 'vanish'] as const;
export type ReceiverKind = (typeof receiverKinds)[number];

export const receiverUrl = (kind: ReceiverKind, n: number) => `http://127.0.0.1:9/${kind}/${n}`;

/** The secret the webhook operation registers endpoints with; rotations (operations-partner.ts) replace it. */
export const initialWebhookSecret = 'sim-webhook-secret-0123456789';

/** One POST as a receiver saw it, whatever it answered: what a partner's receiver verifies a signature with. */
export interface Post {
  /** The how-many-th post of the world (never reused), so a change of an endpoint can say from which post it holds. */
  readonly index: number;
  readonly url: string;
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
  /** The status answered; undefined when the receiver hung or vanished. */
  readonly statusCode: number | undefined;
}

/** The receivers' side: what each URL received (the envelope's eventId, once per delivery). */
export class Receivers {
  readonly received = new Map<string, string[]>();
  /** Every post since the last sequence's final checks took them (simulation/webhook-checks.ts). */
  readonly posts: Post[] = [];
  /** Posts made so far, ever. */
  postsMade = 0;

  post = async (url: string, body: Buffer, headers: Record<string, string>, options: { timeoutMs: number }) => {
    const kind = new URL(url).pathname.split('/')[1] as ReceiverKind;
    const index = this.postsMade++;
    const statusCode = kind === 'ok' ? 200 : kind === 'fail' ? 500 : undefined;
    this.posts.push({ index, url, body, headers: { ...headers }, statusCode });
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
