import type { Actors, Operation } from './actors.js';
import { hostedOperations } from './operations-hosted.js';
import { lifecycleOperations } from './operations-lifecycle.js';
import { partnerOperations } from './operations-partner.js';
import { paymentOperations } from './operations-payments.js';
import { productionOperations } from './operations-production.js';
import { webhookOperations } from './operations-webhooks.js';
import type { Step } from './steps.js';

// What each operation does: the requests of one step, its targets chosen by `pick` among what the partner knows,
// its amounts and outcomes by `variant` (operations-payments.ts, operations-lifecycle.ts, operations-webhooks.ts,
// operations-partner.ts, operations-hosted.ts; production mode's in operations-production.ts and
// operations-bank-files.ts). Every operation has one.

const operations: Record<Step['op'], Operation> = {
  ...paymentOperations,
  ...lifecycleOperations,
  ...webhookOperations,
  ...partnerOperations,
  ...hostedOperations,
  ...productionOperations,
};

export function execute(a: Actors, step: Step, index: number): Promise<string> {
  return operations[step.op](a, step, index);
}
