import { createHash } from 'node:crypto';
import type { CheckOutcome, DocumentCapture, VerificationProvider } from './verification-provider.js';

/** Stage test documents: a number starting with these letters is rejected; any other valid capture is approved. */
export const sandboxRejectedPrefix = 'RJ';

/** Why the sandbox would reject a capture, or undefined when it approves it. Pure: the test-document rules. */
export function sandboxVerdict(capture: DocumentCapture, todayIso: string): string | undefined {
  if (capture.documentNumber.toUpperCase().startsWith(sandboxRejectedPrefix)) return 'document_rejected';
  if (capture.expiryDate <= todayIso) return 'document_expired';
  if (capture.image.bytes.length === 0) return 'image_unreadable';
  return undefined;
}

/**
 * The stage vendor. Its decision is made at submission and carried in the reference it answers, so it needs no
 * storage of its own and any process can read the outcome: `sbx.<approved|rejected.reason>.<session digest>`.
 */
export const sandboxVerification: VerificationProvider = {
  async submit({ sessionId, capture, todayIso }) {
    const digest = createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
    const reason = sandboxVerdict(capture, todayIso);
    return { checkRef: reason === undefined ? `sbx.approved.${digest}` : `sbx.rejected-${reason}.${digest}` };
  },
  async outcome(checkRef): Promise<CheckOutcome> {
    const [vendor, verdict] = checkRef.split('.');
    if (vendor !== 'sbx' || verdict === undefined) return { state: 'pending' };
    if (verdict === 'approved') return { state: 'approved' };
    return { state: 'rejected', reason: verdict.replace(/^rejected-/, '') };
  },
};
