import { secondFactorRequired } from '../../domain/operators/permissions.js';
import { enrolmentFlow } from '../../platform/browser/enrolment.js';
import { operatorAccounts } from './repo.js';

// Enrolment through the link an admin was shown (operator console issue, item 1): the signed-in sites' enrolment
// (platform/browser/enrolment.ts: a password, a QR code, one code to confirm it). The second factor is required of
// every role that may move money or change a workspace (domain/operators/permissions.ts); a viewer or support
// operator may leave the code empty and sign in with the password alone
// (docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "Second factor").

export const operatorEnrolment = enrolmentFlow({
  accounts: operatorAccounts,
  issuer: 'Brokerage console',
  secondFactorRequired: (operator) => secondFactorRequired(operator.role),
});
