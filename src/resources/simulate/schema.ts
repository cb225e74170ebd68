import { Type } from 'typebox';
import { kycStatuses } from '../../domain/states/kyc-status.js';
import { Email, Obj, StringEnum, titled } from '../../platform/schema.js';

export const SimulateKycRequest = Obj({
  userEmail: Email,
  status: StringEnum(kycStatuses, { description: 'Target status; the customer moves along the permitted path to it' }),
});

export const SimulateKycResponse = titled(
  'Verification moves',
  Type.Object({
    success: Type.Literal(true),
    userEmail: Type.String(),
    accountId: Type.String(),
    status: Type.String(),
    transitions: Type.Array(Type.Object({ previousStatus: Type.String(), status: Type.String() }), {
      description: 'One per verification_status_updated event emitted',
    }),
  }),
);

export const MailboxQuery = Obj({
  email: Email,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const MailboxResponse = titled(
  'Sandbox mail',
  Type.Object({
    messages: Type.Array(
      Type.Object({
        id: Type.String(),
        to: Type.String(),
        subject: Type.String(),
        text: Type.String(),
        createdAt: Type.Integer({ description: 'Unix milliseconds' }),
      }),
      { description: 'Newest first' },
    ),
  }),
);
