import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The exact bytes, as a signature must be computed over them. */
  readonly raw: Buffer;
  readonly body: { eventId: string; id: string; type: string; api_version: string; data: Record<string, unknown> };
  /** When the whole body had arrived (this process's clock, a server's too when it runs on this machine). */
  readonly at: number;
  /** Answered while the sender was still connected: a complete delivery. */
  answered: boolean;
  /** The sender went away before the answer: a delivery cut short. */
  aborted: boolean;
  /** The status it was answered (or was to be answered, when aborted). */
  readonly status: number;
}

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /**
   * While down, every request's connection is cut before an answer and nothing is recorded (an unreachable
   * receiver); or, given `answer`, every request is recorded and answered that status (and Retry-After).
   */
  setDown(down: boolean, answer?: { status: number; retryAfter?: string }): void;
  /** Requests cut while down. */
  readonly refused: () => number;
  close(): Promise<void>;
}

/** How long to hold a request before answering it (0: answer at once), given what came before it. */
export type Hold = (body: Received['body'], before: readonly Received[]) => number;

/**
 * A webhook receiver on loopback: records every POST with its arrival time and answers with the status its path asks
 * for (/status/500; 200 otherwise), the Retry-After and the body its query asks for (?retry-after=120,
 * ?answer=text), after `holdMs` for the
 * requests it picks. A held request whose sender goes away is recorded as aborted.
 */
export async function aReceiver(holdMs: Hold = () => 0): Promise<Receiver> {
  const received: Received[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let down = false;
  let downAnswer: { status: number; retryAfter?: string } | undefined;
  let refused = 0;
  const server: Server = createServer((req, res) => {
    if (down && downAnswer === undefined) {
      refused += 1;
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString('utf8')) as Received['body'];
      const hold = holdMs(body, received);
      const answered = downAnswer ?? {
        status: Number(/\/status\/(\d{3})/.exec(req.url ?? '')?.[1] ?? 200),
        retryAfter: new URL(req.url ?? '/', 'http://receiver').searchParams.get('retry-after') ?? undefined,
      };
      const arrival: Received = {
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body,
        at: Date.now(),
        answered: false,
        aborted: false,
        status: answered.status,
      };
      received.push(arrival);
      // The response closes when it is finished or when the connection under it goes first.
      res.once('finish', () => {
        arrival.answered = true;
      });
      res.once('close', () => {
        if (!res.writableFinished) arrival.aborted = true;
      });
      const { status, retryAfter } = answered;
      const text = new URL(req.url ?? '/', 'http://receiver').searchParams.get('answer') ?? '';
      const answer = () => {
        if (!res.destroyed) {
          res.writeHead(status, retryAfter === undefined ? {} : { 'retry-after': retryAfter }).end(text);
        }
      };
      if (hold === 0) answer();
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, hold);
        timers.add(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setDown: (value, answer) => {
      down = value;
      downAnswer = value ? answer : undefined;
    },
    refused: () => refused,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
