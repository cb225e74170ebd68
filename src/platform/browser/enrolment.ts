import type { AppContext } from '../../app-context.js';
import { limits } from '../../limits.js';
import { open, seal } from '../sealing.js';
import type { AccountStore, BrowserAccountRow } from './account-store.js';
import { hashPassword } from './password.js';
import { tokenHash, tokenPattern } from './tokens.js';
import { acceptedStep, newTotpSecret, type TotpIssuer, totpQrDataUrl } from './totp.js';

// Enrolment through the link an account was given, the console's and the dashboard's alike (operator console issue,
// item 1; issue 30, item 1): the person sets a password and scans a QR code, then confirms a code from their
// authenticator. Whether the second factor may be left out is the site's to say: the console lets a role that cannot
// move money or change a workspace sign in with the password alone (domain/operators/permissions.ts), the dashboard
// asks it of every role (docs/decisions/partner-dashboard.md, "Sign-in").

/** What enrolling through a link reads of the server: the store, the clock, the keyring sealing the second factor. */
export type Enrolling = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring'>;

/** What differs between the sites' enrolment: their accounts, the authenticator's issuer, who needs the second factor. */
export interface EnrolmentSite<Account extends BrowserAccountRow> {
  readonly accounts: Pick<AccountStore<Account>, 'findByEnrolment' | 'setPendingTotpSecret' | 'completeEnrolment'>;
  readonly issuer: TotpIssuer;
  /** Whether the account must confirm a code; one that need not may leave the code empty. */
  readonly secondFactorRequired: (account: Account) => boolean;
}

export interface EnrolmentPage<Account> {
  readonly account: Account;
  readonly secondFactorRequired: boolean;
  /** The site the authenticator app will name (the QR code's issuer). */
  readonly issuer: TotpIssuer;
  /** For the authenticator app: the QR code, and the secret to type when the camera cannot be used. */
  readonly totpSecret: string;
  readonly qrDataUrl: string;
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

export interface EnrolmentFlow<Account> {
  /** The account a live link names, and the second factor to show (the same one on every reload). */
  open(ctx: Enrolling, token: string): Promise<EnrolmentPage<Account> | undefined>;
  /** Sets the password (and the second factor, when a code confirms it) and spends the link, in one transaction. */
  complete(ctx: Enrolling, token: string, input: EnrolmentInput): Promise<EnrolmentResult>;
}

/** What is wrong with the password chosen, if anything: its length (in characters), or a confirmation not the same. */
export function passwordProblem(password: string, confirmation: string): EnrolmentProblem | undefined {
  const length = [...password].length;
  if (length < limits.operatorPasswordLengthMin || length > limits.operatorPasswordLengthMax) return 'password-length';
  return password === confirmation ? undefined : 'password-mismatch';
}

/**
 * The code's verdict: the step to store (undefined: no second factor, when the code was left empty and the account
 * need not have one), or the problem. A code is read without its spaces; the secret is opened only to check one.
 */
export function codeVerdict(
  secretOf: () => string,
  typed: string,
  required: boolean,
  nowMs: number,
): { readonly totpStep: number | undefined } | { readonly problem: 'code' | 'code-required' } {
  const code = typed.replace(/\s+/g, '');
  if (code === '') return required ? { problem: 'code-required' } : { totpStep: undefined };
  const totpStep = acceptedStep(secretOf(), code, nowMs, undefined);
  return totpStep === undefined ? { problem: 'code' } : { totpStep };
}

export function enrolmentFlow<Account extends BrowserAccountRow>(site: EnrolmentSite<Account>): EnrolmentFlow<Account> {
  const { accounts } = site;
  return {
    async open(ctx, token) {
      if (!tokenPattern.test(token)) return undefined;
      const nowMs = ctx.clock.nowMs();
      const account = await accounts.findByEnrolment(ctx.db, tokenHash(token), nowMs);
      if (!account) return undefined;
      let secret: string;
      if (account.totp_secret_sealed !== null) {
        secret = open(ctx.secretsKeyring, account.totp_secret_sealed);
      } else {
        secret = newTotpSecret();
        await accounts.setPendingTotpSecret(ctx.db, account.id, seal(ctx.secretsKeyring, secret), nowMs);
      }
      return {
        account,
        secondFactorRequired: site.secondFactorRequired(account),
        issuer: site.issuer,
        totpSecret: secret,
        qrDataUrl: await totpQrDataUrl(secret, account.email, site.issuer),
      };
    },

    async complete(ctx, token, input) {
      if (!tokenPattern.test(token)) return { ok: false, problem: 'gone' };
      const problem = passwordProblem(input.password, input.confirmation);
      if (problem) return { ok: false, problem };
      // Hashing takes a moment: done before the transaction, which then holds the row only briefly.
      const passwordHash = await hashPassword(input.password);
      return ctx.db.transaction(async (tx): Promise<EnrolmentResult> => {
        const nowMs = ctx.clock.nowMs();
        const account = await accounts.findByEnrolment(tx, tokenHash(token), nowMs, true);
        if (!account || account.totp_secret_sealed === null) return { ok: false, problem: 'gone' };
        const sealed = account.totp_secret_sealed;
        const secretOf = () => open(ctx.secretsKeyring, sealed);
        const verdict = codeVerdict(secretOf, input.code, site.secondFactorRequired(account), nowMs);
        if ('problem' in verdict) return { ok: false, problem: verdict.problem };
        await accounts.completeEnrolment(tx, account.id, { passwordHash, totpStep: verdict.totpStep, nowMs });
        return { ok: true, email: account.email };
      });
    },
  };
}
