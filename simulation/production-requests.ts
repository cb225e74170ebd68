import { amountFromJson } from '../src/domain/money/currency-amount.js';
import { providerSignature } from '../src/providers/provider-service/signature.js';
import { type Actors, nth } from './actors.js';
import type { Answer } from './client.js';
import type { ProductionModel, SentCallback } from './production-model.js';
import { providerSecret } from './production-setting.js';
import type { Step } from './steps.js';
import { simAdminToken } from './world.js';

// How evidence reaches the production app: a bank file the operator imports (POST /admin/v1/bank-files, the file as
// the body) and a callback the provider service signs (POST /provider/v1/...). Both are safe to send again by design
// (a line is recorded once under its bank reference, a callback once under its callbackId), so, unlike an unkeyed
// API request, each is sent again while its answer is lost or a 5xx: the operator imports the file again, the
// provider resends its callback, signed anew.

/** A sender gives up after this many attempts (the first included). */
const attemptsMax = 5;
const retryPauseMs = 1_000;

const parse = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The production model of a sequence in production mode (set up by production-setup.ts). */
export function productionOf(a: Actors): ProductionModel {
  const production = a.model.production;
  if (production === undefined) throw new Error('a production operation ran outside production mode');
  return production;
}

async function post(a: Actors, url: string, headers: Record<string, string>, payload: string): Promise<Answer> {
  const response = await a.world.instance.app.inject({ method: 'POST', url, headers, payload });
  if (response.statusCode >= 500) a.client.serverErrors += 1;
  return { status: response.statusCode, body: parse(response.body), lost: false };
}

/** Sent with the step's fault on the first attempt, then again until an answer is definite (not lost, not 5xx). */
async function untilDefinite(a: Actors, step: Step | undefined, send: () => Promise<Answer>): Promise<Answer> {
  let answer = step === undefined ? await send() : await a.client.faulted(step, send);
  for (let attempt = 2; attempt <= attemptsMax && (answer.lost || answer.status >= 500); attempt += 1) {
    a.world.clock.advance(retryPauseMs);
    answer = await send();
  }
  return answer;
}

/** The operator imports a bank file; remembered, so that a later step may import it again. */
export function importFile(a: Actors, step: Step | undefined, text: string, contentType = 'application/xml') {
  productionOf(a).files.push({ text, contentType });
  const headers = { authorization: `Bearer ${simAdminToken}`, 'content-type': contentType };
  return untilDefinite(a, step, () => post(a, '/admin/v1/bank-files', headers, text));
}

/** A provider signature gone wrong: an old timestamp (a replay), or a key that is not the shared secret (forged). */
export type Forgery = 'stale' | 'forged';

/**
 * The provider service sends a callback, signed over the exact body with the simulated clock's time (the server
 * checks it against the same clock). A forged one is sent once: no provider retries what it did not sign. A
 * callback is remembered (to be sent again later) unless it is itself a repeat.
 */
export async function sendCallback(
  a: Actors,
  step: Step | undefined,
  path: '/inbound-credits' | '/payout-outcomes',
  body: Readonly<Record<string, unknown>>,
  forgery?: Forgery,
  remember = true,
): Promise<Answer> {
  const text = JSON.stringify(body);
  const send = () => {
    const seconds = Math.floor(a.world.clock.nowMs() / 1000) - (forgery === 'stale' ? 301 : 0);
    const secret = forgery === 'forged' ? `${providerSecret}-not` : providerSecret;
    const headers = {
      'content-type': 'application/json',
      'provider-timestamp': String(seconds),
      'provider-signature': providerSignature(secret, String(seconds), text),
    };
    return post(a, `/provider/v1${path}`, headers, text);
  };
  if (forgery !== undefined) return step === undefined ? send() : a.client.faulted(step, send);
  const sent: SentCallback = { path, body };
  if (remember) productionOf(a).callbacks.push(sent);
  const answer = await untilDefinite(a, step, send);
  if (!answer.lost && answer.status < 500) sent.answered = { status: answer.status, result: answer.body.result };
  return answer;
}

/** Minor units of a two-decimal currency as a bank or provider writes them: "250.50". */
export const decimal = (minor: bigint): string => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;

/** What arrives for an expected amount: all of it, half, more, or a penny (partial and excess amounts). */
export function arrivingMinor(expected: number, currency: string, variant: number): bigint {
  const parsed = amountFromJson(expected, currency);
  const minor = parsed.ok ? parsed.minor : 100n;
  const choices = [minor, minor, minor / 2n > 0n ? minor / 2n : 1n, minor + 500n, 1n];
  return nth(choices, variant);
}
