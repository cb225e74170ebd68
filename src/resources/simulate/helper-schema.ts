import { Type } from 'typebox';
import { limits } from '../../limits.js';
import { Obj, titled } from '../../platform/schema.js';

// Bodies, parameters and answers of the sandbox helpers by id and of the workspace's test clock (simulate/).

export const WithdrawalIdParams = Obj({ withdrawalId: Type.String({ minLength: 1, maxLength: 64 }) });
export const OrderIdParams = Obj({ orderId: Type.String({ minLength: 1, maxLength: 40 }) });
export const DepositIdParams = Obj({ depositId: Type.String({ minLength: 1, maxLength: 40 }) });
export const MethodIdParams = Obj({ methodId: Type.String({ minLength: 1, maxLength: 40 }) });

export const AdvanceClockRequest = Obj({
  seconds: Type.Integer({
    minimum: 1,
    maximum: limits.testClockAdvanceMaxSeconds,
    description: `How far to move the workspace's clock forward, in seconds (1 to ${limits.testClockAdvanceMaxSeconds}, 31 days); it never goes back`,
  }),
});

const clockFields = {
  now: Type.Integer({ description: "The workspace's now, Unix seconds: the system time plus offsetSeconds" }),
  offsetSeconds: Type.Integer({ minimum: 0, description: 'How far the workspace runs ahead of the system time' }),
};

export const WorkspaceClock = titled('Test clock', Type.Object(clockFields));

export const AdvancedClock = titled(
  'Test clock, advanced',
  Type.Object({
    ...clockFields,
    expiredOrderIds: Type.Array(Type.String(), {
      description: 'Orders whose payment window the advance passed: now Expired, each with its order_status_updated',
    }),
  }),
);
