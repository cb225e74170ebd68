import type { VerificationProvider } from './verification-provider.js';

/**
 * Production until a vendor is wired: every submission waits for an operator, who decides it through
 * `POST /admin/v1/workspaces/{id}/verifications/{email}/{approve|reject}`. Nothing is approved by rule.
 */
export const manualReviewVerification: VerificationProvider = {
  async submit({ sessionId }) {
    return { checkRef: `manual.${sessionId}` };
  },
  async outcome() {
    return { state: 'pending' };
  },
};
