import { Type } from 'typebox';
import { operatorRoles } from '../../domain/operators/roles.js';
import { Email, Obj, StringEnum, titled } from '../../platform/schema.js';

export const Role = StringEnum(operatorRoles, {
  description: 'viewer reads; support answers partners; compliance decides holds, reviews and refunds; admin all',
});

export const CreateOperatorBody = Obj({ email: Email, role: Role });

export const Operator = titled(
  'Operator',
  Type.Object({
    operatorId: Type.String(),
    email: Type.String(),
    role: Role,
    enrolled: Type.Boolean({ description: 'Whether the operator has set a password through the enrolment link' }),
    secondFactor: Type.Boolean({ description: 'Whether the operator signs in with a TOTP code' }),
    disabled: Type.Boolean(),
    enrolmentExpiresAt: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Unix seconds; when the enrolment link stops working; null once enrolled',
    }),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
    lastSignInAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds' }),
  }),
);

export const OperatorWithEnrolment = titled(
  'Operator and enrolment link',
  Type.Object({
    operator: Operator,
    enrolmentUrl: Type.String({
      description: 'Shown only now: the operator opens it to set a password and a second factor; it works once',
    }),
  }),
);

export const OperatorIdParams = Obj({ operatorId: Type.String({ minLength: 1, maxLength: 64 }) });

export const RevokedSessions = titled(
  'Ended sessions',
  Type.Object({
    revoked: Type.Integer({ minimum: 0, description: 'How many signed-in sessions were ended' }),
  }),
);
