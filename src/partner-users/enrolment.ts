import { enrolmentFlow } from '../platform/browser/enrolment.js';
import { partnerUserAccounts } from './repo.js';

// Enrolment through the link a partner user was given (issue 30, item 1): the signed-in sites' enrolment
// (platform/browser/enrolment.ts), as an operator's: a password, a QR code, one code to confirm it. The second factor
// is required of every dashboard role: each reads the workspace's requests and customers
// (docs/decisions/partner-dashboard.md, "Sign-in").

export const partnerUserEnrolment = enrolmentFlow({
  accounts: partnerUserAccounts,
  issuer: 'Brokerage dashboard',
  secondFactorRequired: () => true,
});
