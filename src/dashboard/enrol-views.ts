import { esc } from '../domain/html.js';
import { limits } from '../limits.js';
import type { EnrolmentPage, EnrolmentProblem } from '../partner-users/enrolment.js';
import { hiddenToken } from '../platform/browser/csrf.js';
import type { DashboardPage } from './layout.js';

// The dashboard's enrolment page: a password, then the second factor (scan the QR code, confirm one code).

const problems: Record<EnrolmentProblem, string> = {
  'password-length': `Choose a password of at least ${limits.operatorPasswordLengthMin} characters.`,
  'password-mismatch': 'The two passwords are not the same.',
  code: 'That code is not right. Enter the code your app shows now.',
};

export function dashboardEnrolPage(
  path: string,
  page: EnrolmentPage,
  token: string,
  problem?: EnrolmentProblem,
): DashboardPage {
  const passwordError = problem === 'password-length' || problem === 'password-mismatch';
  const invalid = (on: boolean) => (on ? ' aria-invalid="true" aria-describedby="enrol-error"' : '');
  return {
    title: 'Set up your account',
    narrow: true,
    body: `<h1>Set up your account</h1>
<p>You are setting up <strong>${esc(page.user.email)}</strong> with the role <strong>${esc(page.user.role)}</strong>.</p>
${problem ? `<p class="error" id="enrol-error" role="alert">${esc(problems[problem])}</p>` : ''}
<form method="post" action="${esc(path)}">
${hiddenToken(token)}
<h2>1. Password</h2>
<label>New password <span class="hint">At least ${limits.operatorPasswordLengthMin} characters.</span>
<input type="password" name="password" autocomplete="new-password" minlength="${limits.operatorPasswordLengthMin}" required${invalid(passwordError)}></label>
<label>The same password again <input type="password" name="confirmation" autocomplete="new-password" required${invalid(passwordError)}></label>
<h2>2. Second factor</h2>
<p>Scan this code with an authenticator app (such as FreeOTP, Aegis or Google Authenticator).</p>
<img class="qr" src="${esc(page.qrDataUrl)}" alt="QR code that adds the Brokerage dashboard to an authenticator app" width="220" height="220">
<p>Or type this key into the app: <span class="secret">${esc(page.totpSecret.replace(/(.{4})/g, '$1 ').trim())}</span></p>
<label>Code from the app
<input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required${invalid(problem === 'code')}></label>
<div class="actions"><button type="submit">Finish setup</button></div>
</form>`,
  };
}

export const dashboardEnrolDonePage = (email: string): DashboardPage => ({
  title: 'Account ready',
  narrow: true,
  body: `<h1>Your account is ready</h1>
<p class="done" role="status">${esc(email)} can now sign in.</p>
<p><a class="button" href="/dashboard/login">Sign in</a></p>`,
});
