import type { Known, Model } from './model.js';
import { initialWebhookSecret } from './receivers.js';

// What the simulated partner knows of the resources the partner operations drive (operations-partner.ts,
// operations-hosted.ts): its endpoints' signing secrets and URLs over time, its conversations and tickets, the
// Idempotency-Keys of those keyed writes, its web forms and screenings. Kept beside the sequence's Model (one per
// sequence, found through it), so that model.ts stays as the other operations left it.

/** An endpoint as it may be at some moment: where it posts and what signs. */
export interface Signing {
  readonly url: string;
  /** The secret signing both schemes; undefined for the legacy endpoint, which posts unsigned. */
  readonly secret: string | undefined;
  /** The secret a rotation replaced, signing webhook-signature only until `previousUntilMs`. */
  readonly previous?: string | undefined;
  readonly previousUntilMs?: number | undefined;
}

/** From post `fromPost` on (Receivers.postsMade when the change was sent), the endpoint is one of `states`. */
interface Epoch {
  readonly fromPost: number;
  readonly states: readonly Signing[];
}

/** The states the partner cannot tell apart stop being tracked beyond this many (the checks then skip the endpoint). */
const statesMax = 32;

/** An endpoint's signing over time, as far as the partner's answers tell it. */
export class EndpointHistory {
  private readonly epochs: Epoch[];

  constructor(initial: Signing) {
    this.epochs = [{ fromPost: 0, states: [initial] }];
  }

  get now(): readonly Signing[] {
    return (this.epochs[this.epochs.length - 1] as Epoch).states;
  }

  /** What the endpoint may have been when post `index` was made; undefined once too many states are possible. */
  at(index: number): readonly Signing[] | undefined {
    const epoch = [...this.epochs].reverse().find((e) => e.fromPost <= index) ?? this.epochs[0];
    return epoch === undefined || epoch.states.length > statesMax ? undefined : epoch.states;
  }

  /** Every URL the endpoint may have had. */
  urls(): Set<string> {
    return new Set(this.epochs.flatMap((e) => e.states.map((s) => s.url)));
  }

  /**
   * A change sent when `fromPost` posts had been made: certainly applied (a 2xx), certainly not (a 4xx), or maybe (the
   * answer was lost or a 5xx: a statement may have committed before the failure).
   */
  change(fromPost: number, apply: (s: Signing) => Signing, outcome: 'applied' | 'not' | 'maybe'): void {
    if (outcome === 'not') return;
    const before = this.now;
    const after = before.map(apply);
    const states = outcome === 'applied' ? after : [...before, ...after];
    const unique = [...new Map(states.map((s) => [JSON.stringify(s), s])).values()];
    this.epochs.push({ fromPost, states: unique });
  }
}

export type ThreadKind = 'conversation' | 'ticket';

export interface Thread {
  readonly kind: ThreadKind;
  readonly id: string;
  /** The end user a conversation is about (every write names it). */
  readonly endUserEmail?: string;
  /** Messages the partner wrote, acknowledged (the opening message of a conversation not included). */
  readonly messages: Set<string>;
  /** A close was sent (by the partner or an operator): the thread may be CLOSED. */
  closeSent: boolean;
  /** A close was answered 2xx: from then on no message may be taken. */
  closed: boolean;
}

/** What a keyed partner write made: a thread, a message in one, a close, or a screening. */
export type KeyedWrite = 'conversation' | 'ticket' | 'message' | 'close' | 'screening';

export interface PartnerKey {
  readonly key: string;
  readonly write: KeyedWrite;
  /** The thread a message or close is about. */
  readonly threadId?: string;
  readonly ids: Set<string>;
  /** No answer was definite yet (every attempt lost or 5xx). */
  unresolved: boolean;
}

export interface Screening {
  readonly id: string;
  /** The status the sandbox list gives the name and date screened (src/providers/screening/sandbox-list.ts). */
  readonly expected: string;
}

export interface WebForm {
  /** The deposit or order it pays. */
  readonly entityId: string;
  /** The link's secret: the last part of the webForm URL. */
  readonly token: string;
}

export class PartnerState {
  /** Each webhook endpoint's signing history, by id (the legacy one under `legacyId`). */
  readonly endpoints = new Map<string, EndpointHistory>();
  /**
   * Endpoints whose URL or activity the partner changed: the end-of-sequence check by the endpoint's current URL
   * (invariants.ts) does not hold for them; the checks of webhook-checks.ts, by what each receiver answered, do.
   */
  readonly changed = new Set<string>();
  readonly threads: Thread[] = [];
  readonly keys = new Map<string, PartnerKey>();
  readonly screenings: Screening[] = [];
  readonly webForms: WebForm[] = [];
  /** The deposits and orders a web form was asked for (answered or not): where open banking sessions may be. */
  readonly formTargets = new Set<string>();

  /** The history of an endpoint the webhook operation registered (with its URL and the initial secret). */
  endpoint(known: Known): EndpointHistory {
    let history = this.endpoints.get(known.id);
    if (history === undefined) {
      history = new EndpointHistory({ url: String(known.detail.url), secret: initialWebhookSecret });
      this.endpoints.set(known.id, history);
    }
    return history;
  }

  /** The legacy endpoint's history, once a URL was sent for it. */
  get legacy(): EndpointHistory | undefined {
    return this.endpoints.get(legacyId);
  }

  thread(kind: ThreadKind, pick: number, open = false): Thread | undefined {
    const threads = this.threads.filter((t) => t.kind === kind && (!open || !t.closed));
    return threads.length === 0 ? undefined : threads[pick % threads.length];
  }

  recordKeyAnswer(key: PartnerKey, id: string | undefined, definite: boolean, problems: string[]): void {
    if (id !== undefined) key.ids.add(id);
    if (definite) key.unresolved = false;
    if (key.ids.size > 1) {
      problems.push(`one resource per idempotency key: key ${key.key} answered ${[...key.ids].join(' and ')}`);
    }
  }

  /** Writes of a kind (about a thread, when given) that may have made something no answer named. */
  unannounced(write: KeyedWrite, threadId?: string): number {
    return [...this.keys.values()].filter(
      (k) =>
        k.write === write && k.unresolved && k.ids.size === 0 && (threadId === undefined || k.threadId === threadId),
    ).length;
  }
}

/** The legacy endpoint's key in `endpoints`: the partner never learns its id (GET /v1/webhook answers its URL). */
export const legacyId = 'legacy';

const states = new WeakMap<Model, PartnerState>();

/** The partner state of a sequence, made on first use. */
export function partnerOf(model: Model): PartnerState {
  let state = states.get(model);
  if (state === undefined) {
    state = new PartnerState();
    states.set(model, state);
  }
  return state;
}
