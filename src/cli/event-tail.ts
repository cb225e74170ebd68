// `events tail`: a workspace's events from the events API (GET /v1/events, docs/webhooks.md "Replaying missed
// events"), printed oldest first, one line each, then polled for new ones. The API lists newest first; a page read
// with endingBefore=<the newest event printed> holds the events just after it, and hasMore says more follow, so the
// tail keeps that cursor and reads until hasMore is false each round. `listen` follows the same way, from the newest
// event when it starts, handing each event to the receiver instead of printing it (event-forward.ts).

import type { ServerAccess } from './command.js';
import { Interrupted } from './http.js';
import { partnerSession } from './partner-session.js';
import type { ListedEvent } from './webhook-signing.js';

/** How many events a tail without --since starts with, as tail(1) shows the last ten lines. */
const startingCount = 10;
const pageSize = 100;

interface Page {
  value: ListedEvent[];
  hasMore: boolean;
}

export interface TailOptions {
  readonly types: readonly string[];
  /** An eventId: start after it. */
  readonly since: string | undefined;
  /** Print what is there and return instead of following. */
  readonly once: boolean;
  readonly intervalMs: number;
  /** Without `since`: start with the last ten events (`recent`, as tail(1) does), or with those after the start. */
  readonly start?: 'recent' | 'new';
  /** Called with each event, oldest first, and awaited before the next. */
  readonly each: (event: ListedEvent) => Promise<void> | void;
  /** The command's name, for the message that asks for credentials. */
  readonly command?: string;
  /** Called once the starting point is known: from then on, no new event is missed. */
  readonly ready?: () => void;
}

type EventSummary = Pick<ListedEvent, 'eventId' | 'id' | 'type' | 'createdAt'>;

/** One line per event: when it was recorded (UTC), its type, its eventId and the resource's id. */
export function eventLine(event: EventSummary): string {
  return `${eventSummary(event)}\n`;
}

/** The line of an event without its end: `listen` adds the receiver's answer. */
export function eventSummary(event: EventSummary): string {
  return `${new Date(event.createdAt).toISOString()}  ${event.type}  eventId=${event.eventId}  id=${event.id}`;
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
  const session = partnerSession(server, options.command ?? 'events tail');
  const query = (cursor: Record<string, string>, limit: number) => {
    const params = new URLSearchParams({ limit: String(limit), ...cursor });
    for (const type of options.types) params.append('type', type);
    return `/v1/events?${params.toString()}`;
  };
  const read = async (path: string) => (await session.get(path)) as Page;
  /** Hands over a newest-first page oldest first; answers the newest eventId handed over. */
  const show = async (page: Page): Promise<string | undefined> => {
    for (const event of [...page.value].reverse()) await options.each(event);
    return page.value[0]?.eventId;
  };

  let newest = options.since;
  try {
    if (newest === undefined) {
      const recent = await read(query({}, options.start === 'new' ? 1 : startingCount));
      newest = options.start === 'new' ? recent.value[0]?.eventId : await show(recent);
    }
    options.ready?.();
    for (;;) {
      // Everything after `newest`, page by page; with no event yet, the newest page.
      for (let more = true; more; ) {
        const page = await read(query(newest === undefined ? {} : { endingBefore: newest }, pageSize));
        newest = (await show(page)) ?? newest;
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
