import { esc } from '../domain/html.js';
import { hiddenToken } from '../platform/browser/csrf.js';
import type { DashboardPage } from './layout.js';

// The dashboard's sign-in page: the e-mail, the password and the code of the second factor, in one form.

export interface DashboardLoginForm {
  readonly token: string;
  readonly email?: string;
  readonly error?: string;
  readonly notice?: string;
}

export function dashboardLoginPage(form: DashboardLoginForm): DashboardPage {
  const described = form.error ? ' aria-describedby="login-error"' : '';
  return {
    title: 'Sign in',
    narrow: true,
    body: `<h1>Sign in to your workspace</h1>
${form.notice ? `<p class="done" role="status">${esc(form.notice)}</p>` : ''}
${form.error ? `<p class="error" id="login-error" role="alert">${esc(form.error)}</p>` : ''}
<form method="post" action="/dashboard/login">
${hiddenToken(form.token)}
<label>Email <input type="email" name="email" autocomplete="username" required value="${esc(form.email ?? '')}"${described}></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required${described}></label>
<label>Code from your authenticator app <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required${described}></label>
<div class="actions"><button type="submit">Sign in</button></div>
</form>
<p class="muted">No account yet? Your workspace's admin, or the brokerage, sends you an invitation link.</p>`,
  };
}
