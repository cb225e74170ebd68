import type { AppContext } from '../../app-context.js';
import { secondFactorRequired } from '../../domain/operators/permissions.js';
import { limits } from '../../limits.js';
import { hashPassword } from '../../platform/browser/password.js';
import { tokenHash, tokenPattern } from '../../platform/browser/tokens.js';
import { acceptedStep, newTotpSecret, totpQrDataUrl } from '../../platform/browser/totp.js';
import { open, seal } from '../../platform/sealing.js';
import * as repo from './repo.js';

// Enrolment through the link an admin was shown (operator console issue, item 1): the person sets a password and
// scans a QR code, then confirms a code from their authenticator. The second factor is required of every role that
// may move money or change a workspace (domain/operators/permissions.ts); a viewer or support operator may leave
// the code empty and sign in with the password alone (docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "Second factor").

/** What enrolling through a link reads of the server: the store, the clock, the keyring sealing the second factor. */
export type Enrolling = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring'>;

export interface EnrolmentPage {
  readonly operator: repo.OperatorRow;
  readonly secondFactorRequired: boolean;
  /** For the authenticator app: the QR code, and the secret to type when the camera cannot be used. */
  readonly totpSecret: string;
  readonly qrDataUrl: string;
}

/** The operator a live link names, and the second factor to show (the same one on every reload). */
export async function openEnrolment(ctx: Enrolling, token: string): Promise<EnrolmentPage | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const nowMs = ctx.clock.nowMs();
  const operator = await repo.findByEnrolment(ctx.db, tokenHash(token), nowMs);
  if (!operator) return undefined;
  let secret: string;
  if (operator.totp_secret_sealed !== null) {
    secret = open(ctx.secretsKeyring, operator.totp_secret_sealed);
  } else {
    secret = newTotpSecret();
    await repo.setPendingTotpSecret(ctx.db, operator.id, seal(ctx.secretsKeyring, secret), nowMs);
  }
  return {
    operator,
    secondFactorRequired: secondFactorRequired(operator.role),
    totpSecret: secret,
    qrDataUrl: await totpQrDataUrl(secret, operator.email, 'Brokerage console'),
  };
}

export type EnrolmentProblem = 'password-length' | 'password-mismatch' | 'code' | 'code-required';

export interface EnrolmentInput {
  readonly password: string;
  readonly confirmation: string;
  readonly code: string;
}

export type EnrolmentResult =
  | { readonly ok: true; readonly email: string }
  | { readonly ok: false; readonly problem: EnrolmentProblem | 'gone' };

/** Sets the password (and the second factor, when a code confirms it) and spends the link, in one transaction. */
export async function completeEnrolment(
  ctx: Enrolling,
  token: string,
  input: EnrolmentInput,
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
    const operator = await repo.findByEnrolment(tx, tokenHash(token), nowMs, true);
    if (!operator || operator.totp_secret_sealed === null) return { ok: false, problem: 'gone' };
    const code = input.code.replace(/\s+/g, '');
    let totpStep: number | undefined;
    if (code !== '') {
      totpStep = acceptedStep(open(ctx.secretsKeyring, operator.totp_secret_sealed), code, nowMs, undefined);
      if (totpStep === undefined) return { ok: false, problem: 'code' };
    } else if (secondFactorRequired(operator.role)) {
      return { ok: false, problem: 'code-required' };
    }
    await repo.completeEnrolment(tx, operator.id, { passwordHash, totpStep, nowMs });
    return { ok: true, email: operator.email };
  });
}
