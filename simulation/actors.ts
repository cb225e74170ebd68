import type { Answer, Client } from './client.js';
import type { Model } from './model.js';
import type { Step } from './steps.js';
import type { World } from './world.js';

// What every operation of a step works with (the app, the partner, what the partner knows) and the small helpers
// they share: how an answer reads, how `pick` and `variant` choose, a quote, the pending payments.

export interface Actors {
  readonly world: World;
  readonly client: Client;
  readonly model: Model;
}

/** One operation: the requests of a step; answers a short label of what happened, for the run's figures. */
export type Operation = (a: Actors, step: Step, index: number) => Promise<string>;

export const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
export const label = (answer: Answer) => (answer.lost ? 'lost' : String(answer.status));
/** A delete whose answer was lost or failed may have happened: the partner no longer counts on the resource. */
export const mayHaveDeleted = (answer: Answer) => ok(answer) || answer.lost || answer.status >= 500;
export const nth = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;
export const json = (value: unknown) => (typeof value === 'number' ? value : Number(value));

export async function aQuote(a: Actors, body: Record<string, unknown>): Promise<Answer> {
  return a.client.plain({ method: 'POST', url: '/v1/quotes', payload: body });
}

export interface PendingPayment {
  readonly transferId: string;
  readonly currency: string;
  readonly amount: number;
  readonly status: string;
}

/** The workspace's pending payments, newest first (the server makes them: the partner learns of them by listing). */
export async function pendingPayments(a: Actors): Promise<PendingPayment[]> {
  const listed = await a.client.plain({ method: 'GET', url: '/v1/pending-payments' });
  return Array.isArray(listed.body.value) ? (listed.body.value as PendingPayment[]) : [];
}
