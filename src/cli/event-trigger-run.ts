// `trigger EVENT_TYPE`: checks the type and the server (a stage workspace with its sandbox), runs the type's recipe
// (event-triggers.ts), then waits for the event in the events API and prints its line as `events tail` would.

import type { ServerAccess } from './command.js';
import { eventLine } from './event-tail.js';
import { newRunId, notTriggerable, type TriggerContext, triggerable } from './event-triggers.js';
import { CliFailure, HttpError, Interrupted } from './http.js';
import { partnerSession } from './partner-session.js';
import { UsageError } from './usage-error.js';
import type { ListedEvent } from './webhook-signing.js';

/** How often a wait asks the server again. */
const pollMs = 250;
const pageSize = 100;

/** The types trigger takes, for its refusals. */
export const triggerHelp = (): string => `one of ${Object.keys(triggerable).join(', ')}`;

/** The same, for the usage text: lines of at most `width` characters. */
export function triggerTypeLines(width = 90): string[] {
  const lines: string[] = [];
  for (const type of Object.keys(triggerable)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + type.length + 2 <= width) lines[lines.length - 1] = `${last}, ${type}`;
    else lines.push(type);
  }
  return lines;
}

export interface TriggerOptions {
  readonly type: string;
  /** How long to wait for the event (and for what a recipe waits on); 0: make it and return. */
  readonly waitMs: number;
  readonly print: (text: string) => void;
  /** One line on stderr. */
  readonly note: (line: string) => void;
}

/** The type's recipe, or the usage error that lists the types trigger takes. */
function recipeOf(type: string) {
  const recipe = triggerable[type];
  if (recipe !== undefined) return recipe;
  const why = notTriggerable[type];
  throw new UsageError(
    why === undefined
      ? `trigger: unknown event type "${type}"; it takes ${triggerHelp()}`
      : `trigger: ${type} cannot be triggered (${why}); it takes ${triggerHelp()}`,
  );
}

function pause(ms: number, interrupt: AbortSignal | undefined): Promise<void> {
  if (interrupt?.aborted) return Promise.reject(new Interrupted('interrupted'));
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(new Interrupted('interrupted'));
    };
    const timer = setTimeout(() => {
      interrupt?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    interrupt?.addEventListener('abort', stop, { once: true });
  });
}

interface Page {
  value: ListedEvent[];
  hasMore: boolean;
}

export async function runTrigger(server: ServerAccess, options: TriggerOptions): Promise<void> {
  const recipe = recipeOf(options.type);
  const session = partnerSession(server, 'trigger');
  let outcomes: TriggerContext['outcomes'];
  try {
    const settings = (await session.get('/v1/simulate/settings')) as { outcomes?: string };
    outcomes = settings.outcomes === 'manual' ? 'manual' : 'automatic';
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      throw new CliFailure(
        `refused: ${session.apiUrl} has no sandbox helpers (/v1/simulate answers 404): trigger works on a stage server only`,
      );
    }
    throw error;
  }
  const deadline = Date.now() + options.waitMs;
  const until: TriggerContext['until'] = async (what, ready) => {
    for (;;) {
      const value = await ready();
      if (value !== undefined) return value;
      if (Date.now() >= deadline) {
        throw new CliFailure(`waited ${Math.round(options.waitMs / 1000)} s for ${what}; raise --wait`);
      }
      await pause(pollMs, server.interrupt);
    }
  };
  const query = (cursor: Record<string, string>, entityId: string | undefined) => {
    const params = new URLSearchParams({ limit: String(pageSize), type: options.type, ...cursor });
    if (entityId !== undefined) params.set('entityId', entityId);
    return `/v1/events?${params.toString()}`;
  };
  // The newest event of the type before anything is made: the one awaited comes after it.
  const before = ((await session.get(query({}, undefined))) as Page).value[0]?.eventId;

  const made = await recipe.run({ session, unique: newRunId(), outcomes, until });
  for (const line of made.made) options.note(`brokerage: made ${line}`);
  if (options.waitMs === 0) return;
  /** The first event of the type made after `before` that is the recipe's, reading the newer pages oldest first. */
  const find = async (): Promise<ListedEvent | undefined> => {
    let cursor = before;
    for (;;) {
      const page = (await session.get(
        query(cursor === undefined ? {} : { endingBefore: cursor }, made.entityId),
      )) as Page;
      const oldestFirst = [...page.value].reverse();
      const match = oldestFirst.find((event) => made.matches?.(event.data as Record<string, unknown>) ?? true);
      if (match !== undefined) return match;
      // Without a cursor the page read was the newest one: nothing newer to read.
      if (cursor === undefined || !page.hasMore || page.value[0] === undefined) return undefined;
      cursor = page.value[0].eventId;
    }
  };
  const event = await until(`the ${options.type} event`, find);
  options.print(eventLine(event));
}
