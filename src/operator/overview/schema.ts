import { Type } from 'typebox';
import { limits } from '../../limits.js';
import { Obj, titled } from '../../platform/schema.js';
import { queueNames } from './queues.js';

const WorkspaceFilter = Type.Optional(
  Type.String({ minLength: 1, maxLength: 64, description: 'Only this workspace; absent: every workspace' }),
);

export const OverviewQuery = Obj({ workspaceId: WorkspaceFilter });

const QueueList = Type.Object(
  {
    operationId: Type.String({ description: 'The operation that lists the items' }),
    path: Type.String(),
    query: Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Its query parameters, each repeated for every value; paged as that list is (limit, page)',
    }),
  },
  {
    description:
      'The operator list that shows exactly the counted items; absent when the operator API has none, or when a workspace is named and the queue is in none',
  },
);

const Queue = Type.Object({ count: Type.Integer({ minimum: 0 }), list: Type.Optional(QueueList) });

const queueDescriptions: Record<(typeof queueNames)[number], string> = {
  complianceHolds: 'Deposits and orders whose funds are held for compliance review (ComplianceReview)',
  kycReviews: 'Verifications REVIEWING, awaiting an approval or a rejection',
  amlPotentialMatches: 'AML screenings that are POTENTIAL_MATCH, awaiting a resolution',
  refundApprovals: 'Refunds of pending payments started and awaiting approval (pending_approval)',
  webhookEndpoints: `Webhook endpoints disabled by failing retries, or active with their last ${limits.webhookFailingAttemptsCount} attempts failed`,
  supportTickets: 'Support tickets OPEN or IN_PROGRESS: awaiting the brokerage',
  conversations: 'Open conversations whose last message is the partner’s',
  consumedIdempotencyKeys: 'Idempotency keys consumed by a failed or interrupted write, until released',
  heldBankFiles:
    'Bank files held: a statement that does not follow its account’s previous one, awaiting an accept or a reject. In no workspace: 0 when one is named',
  bankReversals:
    'Booked bank reversals (status reversal) of a credit already applied, or of a line not found, awaiting an operator. In no workspace: 0 when one is named',
};

export const Overview = titled(
  'Overview',
  Type.Object({
    workspaceId: Type.Optional(Type.String()),
    queues: Type.Object(
      Object.fromEntries(
        queueNames.map((name) => [name, Type.Object(Queue.properties, { description: queueDescriptions[name] })]),
      ),
    ),
  }),
);

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A UTC day, YYYY-MM-DD' });

export const DailyQuery = Obj({
  from: Type.String({ ...Day, description: 'The first UTC day, YYYY-MM-DD' }),
  to: Type.String({
    ...Day,
    description: `The last UTC day, inclusive; at most ${limits.dailyStatsRangeMaxDays} days from the first`,
  }),
  workspaceId: WorkspaceFilter,
});

const MoneyFigures = (what: string) =>
  Type.Array(
    Type.Object({
      currency: Type.String(),
      count: Type.Integer({ minimum: 0 }),
      volume: Type.Number({ minimum: 0, description: 'The sum of their amounts in the currency, exact' }),
    }),
    { description: `${what}; every currency seen in the range, zero on the days without any` },
  );

export const DailyFigures = titled(
  'Daily figures',
  Type.Object({
    from: Type.String(),
    to: Type.String(),
    workspaceId: Type.Optional(Type.String()),
    days: Type.Array(
      Type.Object({
        day: Day,
        orders: MoneyFigures('Orders completed (Success) that day, by their origin amount'),
        deposits: MoneyFigures(
          'Deposits received (Received) whose funds first arrived that day, by the amount credited',
        ),
        withdrawals: MoneyFigures('Withdrawals paid out (Success) that day, by their amount without the fee'),
        deliveries: Type.Object(
          {
            delivered: Type.Integer({ minimum: 0 }),
            failed: Type.Integer({
              minimum: 0,
              description: 'Failed attempts (a retried event may fail several times)',
            }),
            pending: Type.Integer({ minimum: 0, description: 'Attempts made that day and not yet sent' }),
          },
          { description: 'Webhook delivery attempts by outcome' },
        ),
      }),
      { description: 'Every day of the range, in order, days without anything included' },
    ),
  }),
);
