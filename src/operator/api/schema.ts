import { Type } from 'typebox';
import { verificationProfileNames } from '../../catalogue/verification-profiles.js';
import { limits } from '../../limits.js';
import { Obj, StringEnum, titled } from '../../platform/schema.js';

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

export const Credentials = titled(
  'Workspace credentials',
  Type.Object({
    workspaceId: Type.String(),
    clientId: Type.String(),
    username: Type.String(),
    password: Type.String({ description: 'Shown only now; stored hashed' }),
  }),
);

const previousPasswordExpiresAt = Type.Union([Type.Integer(), Type.Null()], {
  description:
    'Unix seconds: until then the previous password, and the tokens minted with it, still work; null: only the current password works',
});

export const RotateCredentialsBody = Obj({
  overlapSeconds: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: limits.credentialOverlapMaxSeconds,
      description: `How long the password being replaced keeps working, with its tokens; 0: it stops now. Default ${limits.credentialOverlapDefaultSeconds} (24 hours), at most ${limits.credentialOverlapMaxSeconds} (7 days)`,
    }),
  ),
});

export const RotatedCredentials = titled(
  'New credentials',
  Type.Object({
    ...Credentials.properties,
    previousPasswordExpiresAt,
  }),
);

export const Workspace = titled(
  'Workspace',
  Type.Object({
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
    previousPasswordExpiresAt,
    createdAt: Type.Integer({ description: 'Unix seconds' }),
    updatedAt: Type.Integer({ description: 'Unix seconds' }),
  }),
);

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
