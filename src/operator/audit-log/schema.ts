import { Type } from 'typebox';
import { pageSizeDefault, pageSizeMax, UnixSecondsFilter } from '../../platform/list-query.js';
import { Obj, StringEnum, titled } from '../../platform/schema.js';

const vias = ['console', 'api', 'cli', 'dashboard'] as const;

export const AuditLogQuery = Obj({
  operatorId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "The person's operator id" })),
  email: Type.Optional(
    Type.String({ format: 'email', minLength: 3, maxLength: 254, description: "The person's e-mail (any case)" }),
  ),
  workspaceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  action: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The operationId of the admin operation (admin.workspaces.update), or a console action',
    }),
  ),
  via: Type.Optional(StringEnum(vias)),
  from: Type.Optional(UnixSecondsFilter()),
  to: Type.Optional(UnixSecondsFilter()),
  // At most 18 digits: 19 reach past a bigint (9,223,372,036,854,775,807), and the lookup's cast would fail as a
  // 503; entry ids are a sequence that no log reaches 10^18 of.
  before: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,18}$',
      description: "An entryId: only older entries (keyset paging: pass the last entry's id of the page before)",
    }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 0, maximum: pageSizeMax, description: `Page size; 0 or absent: ${pageSizeDefault}` }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, description: 'Page number, from 0' })),
});

const Snapshot = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
  description: 'The target as its operator read shows it, secrets removed and account numbers masked; null: none',
});

export const AuditEntry = titled(
  'Audit log entry',
  Type.Object({
    entryId: Type.String({ description: 'Increasing; newer entries have larger ids' }),
    occurredAt: Type.Integer({ description: 'Unix seconds' }),
    actor: Type.Object({
      kind: StringEnum(['operator', 'admin-token', 'partner-user'], {
        description:
          "A person signed in to the console, the shared ADMIN_TOKEN, or a workspace's engineer signed in to the partner dashboard",
      }),
      operatorId: Type.Union([Type.String(), Type.Null()], {
        description:
          'null for the ADMIN_TOKEN, and for a sign-in attempt that named no operator (console.signInRefused)',
      }),
      partnerUserId: Type.Union([Type.String(), Type.Null()], {
        description:
          'The partner user, for a dashboard entry; null on every other, and for a refused dashboard sign-in that named no account',
      }),
      email: Type.Union([Type.String(), Type.Null()], {
        description:
          "The operator's or partner user's e-mail; for a sign-in attempt, the address typed when it has the shape of one",
      }),
      address: Type.String({ description: "The client's address as the server saw it" }),
      userAgent: Type.Union([Type.String(), Type.Null()]),
    }),
    via: StringEnum(vias),
    action: Type.String({
      description:
        'The operationId of the admin operation, a console action, a sign-in event (console.signIn, ...), or sensitive.shown: sealed values opened to answer this operator',
    }),
    workspaceId: Type.Union([Type.String(), Type.Null()], { description: 'The workspace the change concerns' }),
    target: Type.Object({ type: Type.String(), id: Type.String() }),
    before: Snapshot,
    after: Snapshot,
    requestId: Type.String({ description: 'The X-Request-Id of the request that made the change' }),
  }),
);
