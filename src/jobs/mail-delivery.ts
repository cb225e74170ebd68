import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../limits.js';
import { open, seal } from '../platform/sealing.js';
import type { SecretsKeyring } from '../platform/secrets/keyring.js';
import type { MailMessage, MailProvider, MailTransport } from '../providers/mail/mail-provider.js';
import type { Queryable } from '../storage/db.js';
import { enqueueJob } from './queue.js';
import { type ClaimedJob, type JobHandler, twoPhase } from './runner.js';

// Mail that leaves (docs/decisions/providers-and-production-evidence.md, "Mail that leaves"): `send` queues a delivery job in the caller's transaction, and the job
// runner hands the message to the transport, retrying with its backoff until the message is accepted or
// mailDeliveryAttemptsMax tries have failed. A request never waits on a mail server.

export const mailDeliveryJob = 'mail.deliver';

/**
 * The job's payload. The message (its text holds the one-time code, which the verification itself stores only
 * hashed; its address is a customer's) is sealed under SECRETS_KEY, so the jobs table never holds it readable; the
 * workspace stays in the clear for the operator. Once the job ends, the sealed message is dropped from the row.
 */
interface MailJobPayload {
  readonly workspaceId: string;
  readonly sealedMessage: string;
}

type Delivery = { readonly delivered: true } | { readonly delivered: false; readonly reason: string };

export interface QueuedMailDeps {
  /** The server's SECRETS_KEY and decrypt-only keys (AppContext.secretsKeyring). */
  readonly secretsKeyring: SecretsKeyring;
  readonly log: FastifyBaseLogger;
  /** Tries before giving up; limits.mailDeliveryAttemptsMax unless a test shortens it. */
  readonly attemptsMax?: number;
}

export interface QueuedMail {
  /** AppContext.mail: queues each message in the caller's transaction. */
  readonly provider: MailProvider;
  /** To register with the job runner, next to the other handlers of createContext. */
  readonly jobHandlers: readonly (readonly [string, JobHandler])[];
}

function openMessage(secretsKeyring: SecretsKeyring, job: ClaimedJob): MailMessage {
  const payload = job.payload as Partial<MailJobPayload>;
  const sealed = JSON.parse(open(secretsKeyring, String(payload.sealedMessage))) as Omit<MailMessage, 'workspaceId'>;
  return { workspaceId: String(payload.workspaceId), ...sealed };
}

/** Mail sent through the job queue to `transport` (smtp-mail.ts in production). */
export function queuedMail(transport: MailTransport, deps: QueuedMailDeps): QueuedMail {
  const attemptsMax = deps.attemptsMax ?? limits.mailDeliveryAttemptsMax;
  const provider: MailProvider = {
    async send(tx: Queryable, message: MailMessage, nowMs: number) {
      const { workspaceId, ...sealedPart } = message;
      const payload: MailJobPayload = {
        workspaceId,
        sealedMessage: seal(deps.secretsKeyring, JSON.stringify(sealedPart)),
      };
      await enqueueJob(tx, { kind: mailDeliveryJob, payload: { ...payload }, runAtMs: nowMs }, nowMs);
    },
  };
  const handler = twoPhase<Delivery>({
    // Outside any transaction. A failure before the last try throws: the runner records it (the transport's words,
    // which carry no text or address) and retries after its backoff.
    prepare: async (job) => {
      // Given up already, but the transaction recording it failed: not one more try.
      if (job.attempts > attemptsMax) return { delivered: false, reason: 'the tries were used up' };
      try {
        await transport.deliver(openMessage(deps.secretsKeyring, job));
        return { delivered: true };
      } catch (error) {
        if (job.attempts < attemptsMax) throw error;
        return { delivered: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
    // In the transaction that marks the job done: the sealed message is no longer needed, so it is dropped.
    apply: async (tx, job, delivery) => {
      const workspaceId = String(job.payload.workspaceId);
      const outcome = delivery.delivered
        ? { delivered: true }
        : { delivered: false, gaveUpAfterAttempts: job.attempts };
      await tx.query(`update jobs set payload = $2::text::jsonb where id = $1`, [
        job.id,
        JSON.stringify({ workspaceId, ...outcome }),
      ]);
      if (!delivery.delivered) {
        deps.log.error(
          { jobId: String(job.id), kind: job.kind, workspaceId, attempts: job.attempts, reason: delivery.reason },
          'mail delivery given up',
        );
      }
    },
  });
  return { provider, jobHandlers: [[mailDeliveryJob, handler]] };
}
