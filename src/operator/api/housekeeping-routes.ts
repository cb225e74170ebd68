import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { lastRun } from '../../jobs/housekeeping/runs.js';
import { nextHousekeepingAt, runHousekeepingNow } from '../../jobs/housekeeping/schedule.js';
import { prunedTables } from '../../jobs/housekeeping/targets.js';
import { auditChange } from '../../platform/audit/scope.js';
import { errorResponses, titled } from '../../platform/schema.js';

const seconds = (ms: number) => Math.floor(ms / 1000);
const count = (description: string) => Type.Integer({ minimum: 0, description });

const Removed = Type.Object(
  {
    webhookDeliveries: count('Delivery log rows of the events removed'),
    outboxEvents: count('Delivered events past EVENT_RETENTION_DAYS'),
    jobs: count('Jobs finished more than JOB_RETENTION_DAYS ago'),
    idempotencyKeys: count('Completed keys past their replay window (a consumed key is never removed)'),
    kycSessions: count('Hosted verification attempts never submitted, expired'),
    openBankingSessions: count('Open banking forms that ended unpaid, expired'),
    quotes: count('Expired quotes that back no order'),
    requestLog: count('Partner request log entries past REQUEST_LOG_RETENTION_DAYS'),
  },
  { additionalProperties: false },
);

const Report = titled(
  'Housekeeping report',
  Type.Object({
    lastRun: Type.Union([
      Type.Null(),
      Type.Object({
        runId: Type.String(),
        startedAt: Type.Integer({ description: 'Unix seconds' }),
        finishedAt: Type.Union([Type.Integer({ description: 'Unix seconds' }), Type.Null()], {
          description: 'null while the run goes on',
        }),
        slices: Type.Integer({ description: 'Job executions the run took (each well inside the job lease)' }),
        removed: Removed,
      }),
    ]),
    nextRunAt: Type.Union([Type.Integer({ description: 'Unix seconds' }), Type.Null()]),
    settings: Type.Object({
      eventRetentionDays: Type.Integer(),
      jobRetentionDays: Type.Integer(),
      idempotencyKeyRetentionHours: Type.Integer(),
      withdrawalReturnWindowDays: Type.Integer(),
      hostedSessionRetentionDays: Type.Integer(),
      quoteRetentionDays: Type.Integer(),
      requestLogRetentionDays: Type.Integer(),
      intervalMinutes: Type.Integer(),
      batchSize: Type.Integer(),
      batchPauseMs: Type.Integer(),
    }),
  }),
);

/** What housekeeping removed in its last run, and when it runs next (jobs/housekeeping/); `brokerage housekeeping`. */
export async function housekeepingAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const report = async () => {
    const [run, next] = await Promise.all([lastRun(ctx.db), nextHousekeepingAt(ctx.db)]);
    const c = ctx.config;
    return {
      lastRun: run
        ? {
            runId: String(run.runId),
            startedAt: seconds(run.startedAtMs),
            finishedAt: run.finishedAtMs === undefined ? null : seconds(run.finishedAtMs),
            slices: run.slices,
            removed: Object.fromEntries(prunedTables.map((t) => [t, run.removed[t]])),
          }
        : null,
      nextRunAt: next === undefined ? null : seconds(next),
      settings: {
        eventRetentionDays: c.eventRetentionDays,
        jobRetentionDays: c.jobRetentionDays,
        idempotencyKeyRetentionHours: c.idempotencyKeyRetentionHours,
        withdrawalReturnWindowDays: c.withdrawalReturnWindowDays,
        hostedSessionRetentionDays: c.hostedSessionRetentionDays,
        quoteRetentionDays: c.quoteRetentionDays,
        requestLogRetentionDays: c.requestLogRetentionDays,
        intervalMinutes: c.housekeepingIntervalMinutes,
        batchSize: c.housekeepingBatchSize,
        batchPauseMs: c.housekeepingBatchPauseMs,
      },
    };
  };
  app.get(
    '/housekeeping',
    {
      schema: {
        operationId: 'admin.housekeeping.get',
        tags: ['Operators'],
        summary: 'What housekeeping removed in its last run, when it runs next, and its horizons',
        response: { 200: Report, ...errorResponses('read', [401]) },
      },
    },
    report,
  );
  app.post(
    '/housekeeping/run',
    {
      schema: {
        operationId: 'admin.housekeeping.run',
        tags: ['Operators'],
        summary: 'Make the next housekeeping run due now (one process runs it; read GET /housekeeping for its outcome)',
        response: { 202: Report, ...errorResponses('read', [401]) },
      },
    },
    async (_request, reply) => {
      await ctx.db.transaction(async (tx) => {
        const at = async () => {
          const next = await nextHousekeepingAt(tx);
          return { nextRunAt: next === undefined ? null : seconds(next) };
        };
        const before = await at();
        await runHousekeepingNow(tx, ctx.clock.nowMs());
        auditChange(tx, { target: { type: 'housekeeping', id: 'schedule' }, before, after: await at() });
      });
      return reply.code(202).send(await report());
    },
  );
}
