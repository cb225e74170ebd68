import { Type } from 'typebox';
import { kycStatuses } from '../../domain/states/kyc-status.js';
import { Email, Obj, StringEnum } from '../../platform/schema.js';

export const SimulateKycRequest = Obj({
  userEmail: Email,
  status: StringEnum(kycStatuses, { description: 'Target status; the customer moves along the permitted path to it' }),
});

export const SimulateKycResponse = Type.Object({
  success: Type.Literal(true),
  userEmail: Type.String(),
  accountId: Type.String(),
  status: Type.String(),
  transitions: Type.Array(Type.Object({ previousStatus: Type.String(), status: Type.String() }), {
    description: 'One per verification_status_updated event emitted',
  }),
});
