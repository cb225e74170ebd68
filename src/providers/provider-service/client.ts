import { externalService } from '../../domain/errors.js';
import { limits } from '../../limits.js';
import { compileValidator } from '../../platform/ajv.js';
import type { DepositInfo } from '../rails/deposit-info.js';
import type { InstructionRequest, PayoutAnswer, PayoutRequest } from '../rails/rail-provider.js';
import { depositAnswerProblem } from './deposit-answer.js';
import { PayoutAccepted, PayoutRefused } from './protocol-schema.js';
import type { ProviderServiceConfig } from './provider-service-config.js';
import { providerHeaders, signedHeaders } from './signature.js';

// The server's side of the provider protocol (docs/decisions/providers-and-production-evidence.md, "The provider protocol"): each call is signed, carries its
// Idempotency-Key (the deposit's or payout's id, so a retried call is the same call to the provider), is bounded by
// a timeout per attempt, and is retried a bounded number of times with backoff and jitter, only when the outcome
// says nothing about the provider's decision (no answer, a timeout, a 5xx). Anything else the service answers that
// is not the protocol is a 503 ExternalServiceError: nothing is stored on our side, and the caller may retry.

export interface ProviderServiceClient {
  /** For operators: "provider service at pay.example.com". */
  readonly description: string;
  depositInstructions(request: InstructionRequest): Promise<DepositInfo>;
  submitPayout(request: PayoutRequest): Promise<PayoutAnswer>;
}

export interface ClientDeps {
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly nowMs?: () => number;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

const isAccepted = compileValidator(PayoutAccepted, 'json');
const isRefused = compileValidator(PayoutRefused, 'json');

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function providerServiceClient(config: ProviderServiceConfig, deps: ClientDeps = {}): ProviderServiceClient {
  const send = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = deps.random ?? Math.random;
  const nowMs = deps.nowMs ?? Date.now;
  const base = config.url.replace(/\/+$/, '');
  const host = new URL(config.url).host;

  /** One call with its retries; throws 503 when no attempt got an answer that is not a 5xx. */
  async function call(path: string, idempotencyKey: string, payload: object, what: string): Promise<Answer> {
    const body = JSON.stringify(payload);
    let lastProblem = '';
    for (let attempt = 1; attempt <= config.maxAttempts; attempt += 1) {
      if (attempt > 1) {
        const ceiling = Math.min(
          limits.providerServiceBackoffMaxMs,
          limits.providerServiceBackoffBaseMs * 2 ** (attempt - 2),
        );
        await sleep(ceiling / 2 + (random() * ceiling) / 2);
      }
      try {
        const response = await send(`${base}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            [providerHeaders.idempotencyKey]: idempotencyKey,
            // Signed anew on each attempt: the timestamp is now, the body and the key the same.
            ...signedHeaders(config.secret, body, nowMs()),
          },
          body,
          signal: AbortSignal.timeout(config.timeoutMs),
          redirect: 'error',
        });
        const text = await response.text();
        if (response.status < 500) return { status: response.status, body: parsed(text) };
        lastProblem = `HTTP ${response.status}`;
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        lastProblem = name === 'TimeoutError' || name === 'AbortError' ? 'no answer in time' : 'unreachable';
      }
    }
    throw externalService(
      `The brokerage's provider service could not ${what} (${lastProblem} after ${config.maxAttempts} attempt${config.maxAttempts === 1 ? '' : 's'}); retry later.`,
    );
  }

  return {
    description: `provider service at ${host}`,
    async depositInstructions(request) {
      const what = `give ${request.currency} instructions on ${request.rail}`;
      const answer = await call(
        '/deposit-instructions',
        request.depositId,
        {
          depositId: request.depositId,
          currency: request.currency,
          rail: request.rail,
          ...(request.amount === undefined ? {} : { amount: request.amount }),
        },
        what,
      );
      if (answer.status !== 200 && answer.status !== 201) {
        throw externalService(`The brokerage's provider service could not ${what} (HTTP ${answer.status}).`);
      }
      const problem = depositAnswerProblem(request, answer.body);
      if (problem !== undefined) {
        throw externalService(`The brokerage's provider service could not ${what}: ${problem}.`);
      }
      return answer.body as DepositInfo;
    },
    async submitPayout(request) {
      const what = `take the payout ${request.payoutId}`;
      const answer = await call(
        '/payouts',
        request.payoutId,
        {
          payoutId: request.payoutId,
          currency: request.currency,
          rail: request.rail,
          amount: request.amount,
          destination: request.destination,
        },
        what,
      );
      if (answer.status >= 200 && answer.status < 300) {
        if (isAccepted(answer.body) && answer.body.payoutId === request.payoutId) {
          return { submittedTo: 'provider-service' };
        }
        throw externalService(`The brokerage's provider service could not ${what}: its answer is not the protocol's.`);
      }
      // A refusal before any money moved: the subject fails at once and its hold is released.
      if (answer.status === 422 && isRefused(answer.body)) return 'rejected';
      throw externalService(`The brokerage's provider service could not ${what} (HTTP ${answer.status}).`);
    },
  };
}
