import type { AppContext } from '../app-context.js';
import { limits } from '../limits.js';
import { hashPassword } from '../platform/browser/password.js';
import { tokenHash, tokenPattern } from '../platform/browser/tokens.js';
import { acceptedStep, newTotpSecret, totpQrDataUrl } from '../platform/browser/totp.js';
import { open, seal } from '../platform/sealing.js';
import * as repo from './repo.js';

// Enrolment through the link a partner user was given (issue 30, item 1), as an operator's: the person sets a
// password and scans a QR code, then confirms a code from their authenticator. The second factor is required of
// every dashboard role: each reads the workspace's requests and customers (docs/decisions/partner-dashboard.md,
// "Sign-in").

/** What enrolling through a link reads of the server: the store, the clock, the keyring sealing the second factor. */
export type PartnerUserEnrolling = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring'>;

export interface EnrolmentPage {
  readonly user: repo.PartnerUserRow;
  /** For the authenticator app: the QR code, and the secret to type when the camera cannot be used. */
  readonly totpSecret: string;
  readonly qrDataUrl: string;
}

/** The person a live link names, and the second factor to show (the same one on every reload). */
export async function openPartnerUserEnrolment(
  ctx: PartnerUserEnrolling,
  token: string,
): Promise<EnrolmentPage | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const nowMs = ctx.clock.nowMs();
  const user = await repo.findByEnrolment(ctx.db, tokenHash(token), nowMs);
  if (!user) return undefined;
  let secret: string;
  if (user.totp_secret_sealed !== null) {
    secret = open(ctx.secretsKeyring, user.totp_secret_sealed);
  } else {
    secret = newTotpSecret();
    await repo.setPendingTotpSecret(ctx.db, user.id, seal(ctx.secretsKeyring, secret), nowMs);
  }
  return { user, totpSecret: secret, qrDataUrl: await totpQrDataUrl(secret, user.email, 'Brokerage dashboard') };
}

export type EnrolmentProblem = 'password-length' | 'password-mismatch' | 'code';

export type EnrolmentResult =
  | { readonly ok: true; readonly email: string }
  | { readonly ok: false; readonly problem: EnrolmentProblem | 'gone' };

/** Sets the password and the second factor and spends the link, in one transaction. */
export async function completePartnerUserEnrolment(
  ctx: PartnerUserEnrolling,
  token: string,
  input: { readonly password: string; readonly confirmation: string; readonly code: string },
): Promise<EnrolmentResult> {
  if (!tokenPattern.test(token)) return { ok: false, problem: 'gone' };
  const length = [...input.password].length;
  if (length < limits.operatorPasswordLengthMin || length > limits.operatorPasswordLengthMax)
    return { ok: false, problem: 'password-length' };
  if (input.password !== input.confirmation) return { ok: false, problem: 'password-mismatch' };
  // Hashing takes a moment: done before the transaction, which then holds the row only briefly.
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx): Promise<EnrolmentResult> => {
    const nowMs = ctx.clock.nowMs();
    const user = await repo.findByEnrolment(tx, tokenHash(token), nowMs, true);
    if (!user || user.totp_secret_sealed === null) return { ok: false, problem: 'gone' };
    const code = input.code.replace(/\s+/g, '');
    const totpStep = acceptedStep(open(ctx.secretsKeyring, user.totp_secret_sealed), code, nowMs, undefined);
    if (totpStep === undefined) return { ok: false, problem: 'code' };
    await repo.completeEnrolment(tx, user.id, { passwordHash, totpStep, nowMs });
    return { ok: true, email: user.email };
  });
}
