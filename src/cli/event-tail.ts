// `events tail`: a workspace's events from the events API (GET /v1/events, docs/webhooks.md "Replaying missed
// events"), printed oldest first, one line each, then polled for new ones. The API lists newest first; a page read
// with endingBefore=<the newest event printed> holds the events just after it, and hasMore says more follow, so the
// tail keeps that cursor and reads until hasMore is false each round.

import type { ServerAccess } from './command.js';
import { Interrupted } from './http.js';
import { partnerSession } from './partner-session.js';

/** How many events a tail without --since starts with, as tail(1) shows the last ten lines. */
const startingCount = 10;
const pageSize = 100;

interface Event {
  eventId: string;
  id: string;
  type: string;
  createdAt: number;
}

interface Page {
  value: Event[];
  hasMore: boolean;
}

export interface TailOptions {
  readonly types: readonly string[];
  /** An eventId: start after it. */
  readonly since: string | undefined;
  /** Print what is there and return instead of following. */
  readonly once: boolean;
  readonly intervalMs: number;
  readonly print: (text: string) => void;
}

/** One line per event: when it was recorded (UTC), its type, its eventId and the resource's id. */
export function eventLine(event: Event): string {
  return `${new Date(event.createdAt).toISOString()}  ${event.type}  eventId=${event.eventId}  id=${event.id}\n`;
}

/** Waits `ms`, or less if the interrupt comes first. */
function pause(ms: number, interrupt: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (interrupt?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      interrupt?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    interrupt?.addEventListener('abort', done, { once: true });
  });
}

export async function followEvents(server: ServerAccess, options: TailOptions): Promise<void> {
  const session = partnerSession(server, 'events tail');
  const query = (cursor: Record<string, string>, limit: number) => {
    const params = new URLSearchParams({ limit: String(limit), ...cursor });
    for (const type of options.types) params.append('type', type);
    return `/v1/events?${params.toString()}`;
  };
  const read = async (path: string) => (await session.get(path)) as Page;
  /** Prints a newest-first page oldest first; answers the newest eventId printed. */
  const show = (page: Page): string | undefined => {
    for (const event of [...page.value].reverse()) options.print(eventLine(event));
    return page.value[0]?.eventId;
  };

  let newest = options.since;
  try {
    if (newest === undefined) newest = show(await read(query({}, startingCount)));
    for (;;) {
      // Everything after `newest`, page by page; with no event yet, the newest page.
      for (let more = true; more; ) {
        const page = await read(query(newest === undefined ? {} : { endingBefore: newest }, pageSize));
        newest = show(page) ?? newest;
        more = newest !== undefined && page.hasMore;
      }
      if (options.once || server.interrupt?.aborted) return;
      await pause(options.intervalMs, server.interrupt);
      if (server.interrupt?.aborted) return;
    }
  } catch (error) {
    // Ctrl-C during a request ends the tail as cleanly as Ctrl-C between two.
    if (error instanceof Interrupted) return;
    throw error;
  }
}
