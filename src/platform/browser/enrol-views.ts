import { esc } from '../../domain/html.js';
import { limits } from '../../limits.js';
import { hiddenToken } from './csrf.js';
import type { EnrolmentPage, EnrolmentProblem } from './enrolment.js';

// The enrolment page of a signed-in site, the console's and the dashboard's alike: a password, then the second
// factor (scan the QR code, confirm one code). Each site sends it in its own page (platform/browser/page.ts).

/** A narrow page's title and body, as each site's page takes them (ConsolePage, DashboardPage). */
export interface EnrolmentView {
  readonly title: string;
  readonly narrow: true;
  readonly body: string;
}

/** What each problem of the form says, above it. */
export const enrolmentProblemTexts: Readonly<Record<EnrolmentProblem, string>> = {
  'password-length': `Choose a password of at least ${limits.operatorPasswordLengthMin} characters.`,
  'password-mismatch': 'The two passwords are not the same.',
  code: 'That code is not right. Enter the code your app shows now.',
  'code-required': 'Your role needs a second factor: scan the QR code and enter the code your app shows.',
};

/** The account being set up, as the page names it. */
export interface EnrollingAccount {
  readonly email: string;
  readonly role: string;
}

export function enrolmentPage(
  texts: Readonly<Record<EnrolmentProblem, string>>,
  path: string,
  page: EnrolmentPage<EnrollingAccount>,
  token: string,
  problem?: EnrolmentProblem,
): EnrolmentView {
  const optional = page.secondFactorRequired
    ? ''
    : ' <span class="hint">Optional for your role (recommended): leave it empty to sign in with the password only.</span>';
  const passwordError = problem === 'password-length' || problem === 'password-mismatch';
  const codeError = problem === 'code' || problem === 'code-required';
  const invalid = (on: boolean) => (on ? ' aria-invalid="true" aria-describedby="enrol-error"' : '');
  return {
    title: 'Set up your account',
    narrow: true,
    body: `<h1>Set up your account</h1>
<p>You are setting up <strong>${esc(page.account.email)}</strong> with the role <strong>${esc(page.account.role)}</strong>.</p>
${problem ? `<p class="error" id="enrol-error" role="alert">${esc(texts[problem])}</p>` : ''}
<form method="post" action="${esc(path)}">
${hiddenToken(token)}
<h2>1. Password</h2>
<label>New password <span class="hint">At least ${limits.operatorPasswordLengthMin} characters.</span>
<input type="password" name="password" autocomplete="new-password" minlength="${limits.operatorPasswordLengthMin}" required${invalid(passwordError)}></label>
<label>The same password again <input type="password" name="confirmation" autocomplete="new-password" required${invalid(passwordError)}></label>
<h2>2. Second factor</h2>
<p>Scan this code with an authenticator app (such as FreeOTP, Aegis or Google Authenticator).</p>
<img class="qr" src="${esc(page.qrDataUrl)}" alt="QR code that adds the ${esc(page.issuer)} to an authenticator app" width="220" height="220">
<p>Or type this key into the app: <span class="secret">${esc(page.totpSecret.replace(/(.{4})/g, '$1 ').trim())}</span></p>
<label>Code from the app${optional}
<input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7"${page.secondFactorRequired ? ' required' : ''}${invalid(codeError)}></label>
<div class="actions"><button type="submit">Finish setup</button></div>
</form>`,
  };
}

export const enrolmentDonePage = (loginPath: string, email: string): EnrolmentView => ({
  title: 'Account ready',
  narrow: true,
  body: `<h1>Your account is ready</h1>
<p class="done" role="status">${esc(email)} can now sign in.</p>
<p><a class="button" href="${esc(loginPath)}">Sign in</a></p>`,
});
