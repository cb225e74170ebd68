import type { Actors } from './actors.js';
import type { Answer, ApiRequest } from './client.js';
import { type KeyedWrite, type PartnerKey, partnerOf } from './partner-model.js';
import type { Step } from './steps.js';

// The keyed writes of conversations, support tickets and AML screenings, sent as Client.keyed sends the three money
// writes (the fault on the first attempt, retried with the key until an answer is definite, then replayed or sent
// twice at once when the step says so), for answers in the { ok, value } envelope: the resource's id is read from
// the value. Each answer is recorded under the key in the partner state: two ids for one key is a broken promise.

/** A keyed write is sent at most this many times (the first and its retries), as Client.keyed does. */
const attemptsMax = 5;
const retryPauseMs = 1_000;

/** An answer the partner may act on: not lost, not a transient failure, not a key still in progress. */
export function isDefinite(answer: Answer): boolean {
  if (answer.lost || answer.status >= 500) return false;
  return !(answer.status === 409 && /concurrent request; retry/.test(String(answer.body.message ?? '')));
}

/** The id a 2xx enveloped answer names. */
const idIn = (answer: Answer, field: string): string | undefined => {
  const value = answer.body.value as Record<string, unknown> | undefined;
  const id = answer.status >= 200 && answer.status < 300 ? value?.[field] : undefined;
  return typeof id === 'string' ? id : undefined;
};

export interface KeyedRequest {
  readonly write: KeyedWrite;
  readonly threadId?: string;
  /** The field of the answer's value that names what the write made. */
  readonly idField: string;
  readonly request: ApiRequest;
}

/** The keyed write; answers its last definite answer (or the last one, when none was). */
export async function keyedWrite(a: Actors, step: Step, index: number, write: KeyedRequest): Promise<Answer> {
  const key = `sim-${write.write}-${index}-${step.pick.toString(36)}`;
  const state = partnerOf(a.model);
  const record: PartnerKey = {
    key,
    write: write.write,
    ...(write.threadId === undefined ? {} : { threadId: write.threadId }),
    ids: new Set(),
    unresolved: true,
  };
  state.keys.set(key, record);
  const note = (answer: Answer) =>
    state.recordKeyAnswer(record, idIn(answer, write.idField), isDefinite(answer), a.model.problems);
  const send = () => a.client.plain(write.request, key);
  let answer: Answer;
  if (step.duplicate === 'concurrent') {
    answer = await a.client.faulted(step, async () => {
      const [first, second] = await Promise.all([send(), send()]);
      note(second);
      return first;
    });
  } else {
    answer = await a.client.faulted(step, send);
  }
  note(answer);
  for (let attempt = 2; attempt <= attemptsMax && !isDefinite(answer); attempt += 1) {
    a.world.clock.advance(retryPauseMs);
    answer = await send();
    note(answer);
  }
  if (step.duplicate === 'retry' && isDefinite(answer)) {
    const again = await send();
    note(again);
    if (again.status !== answer.status) {
      a.model.problems.push(`replay of key ${key} answered ${again.status} after ${answer.status}`);
    }
  }
  return answer;
}
