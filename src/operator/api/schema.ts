import { Type } from 'typebox';
import { verificationProfileNames } from '../../catalogue/verification-profiles.js';
import { limits } from '../../limits.js';
import { Obj, StringEnum } from '../../platform/schema.js';

export const Pair = Type.String({ pattern: '^[A-Z]{3,5}/[A-Z]{3,5}$', description: 'ORIGIN/DESTINATION' });

export const FeeScheduleSchema = Obj({
  defaultBps: Type.Integer({
    minimum: 0,
    maximum: limits.feeMaxBps,
    description: 'Fee in basis points of the origin amount',
  }),
  pairs: Type.Record(
    Type.String({ pattern: '^[A-Z]{3,5}/[A-Z]{3,5}$' }),
    Type.Integer({ minimum: 0, maximum: limits.feeMaxBps }),
  ),
});

export const CreateWorkspaceBody = Obj({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  simulation: Type.Optional(Type.Boolean({ description: 'Sandbox simulation; defaults to true in stage' })),
});

export const Credentials = Type.Object({
  workspaceId: Type.String(),
  clientId: Type.String(),
  username: Type.String(),
  password: Type.String({ description: 'Shown only now; stored hashed' }),
});

export const Workspace = Type.Object({
  workspaceId: Type.String(),
  name: Type.String(),
  clientId: Type.String(),
  username: Type.String(),
  enabled: Type.Boolean(),
  simulation: Type.Boolean(),
  enabledPairs: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'null: every supported pair' }),
  feeSchedule: FeeScheduleSchema,
  writeLimitPerMinute: Type.Union([Type.Integer(), Type.Null()], { description: 'null: the server default' }),
  readThrottleLifted: Type.Boolean(),
  verificationProfile: StringEnum(verificationProfileNames, {
    description: 'Which KYC fields the verification provider requires',
  }),
  credentialVersion: Type.Integer(),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
  updatedAt: Type.Integer({ description: 'Unix seconds' }),
});

export const UpdateWorkspaceBody = Obj({
  enabled: Type.Optional(Type.Boolean()),
  simulation: Type.Optional(Type.Boolean()),
  enabledPairs: Type.Optional(Type.Union([Type.Array(Pair, { maxItems: 5000 }), Type.Null()])),
  feeSchedule: Type.Optional(FeeScheduleSchema),
  writeLimitPerMinute: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: limits.writeRateLimitMaxPerMinute }), Type.Null()]),
  ),
  readThrottleLifted: Type.Optional(Type.Boolean()),
  verificationProfile: Type.Optional(StringEnum(verificationProfileNames)),
});

export const WorkspaceIdParams = Obj({ workspaceId: Type.String({ minLength: 1, maxLength: 64 }) });

export const ListQuery = Obj({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: limits.listPageMax, default: 0 })),
});
