import { esc } from '../../domain/html.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import type { ConsolePage } from './layout.js';

// The sign-in pages: the password, then the code of the second factor.

export interface LoginForm {
  readonly token: string;
  readonly email?: string;
  readonly error?: string;
  readonly notice?: string;
  /**
   * The throttle holds sign-ins from here: the page asks for the code with the password, the owner's path that the
   * account's and the address's holds do not refuse (operators/sign-in.ts, signInWithBoth).
   */
  readonly withCode?: boolean;
}

const errorBlock = (id: string, error: string | undefined) =>
  error ? `<p class="error" id="${id}" role="alert">${esc(error)}</p>` : '';

export function loginPage(form: LoginForm): ConsolePage {
  const described = form.error ? ' aria-describedby="login-error"' : '';
  return {
    title: 'Sign in',
    narrow: true,
    body: `<h1>Sign in</h1>
${form.notice ? `<p class="done" role="status">${esc(form.notice)}</p>` : ''}
${errorBlock('login-error', form.error)}
<form method="post" action="/console/login">
${hiddenToken(form.token)}
<label>Email <input type="email" name="email" autocomplete="username" required value="${esc(form.email ?? '')}"${described}></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required${described}></label>${form.withCode ? '\n<label>Code from your authenticator app <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7"></label>' : ''}
<div class="actions"><button type="submit">Continue</button></div>
</form>`,
  };
}

export function codePage(token: string, error?: string): ConsolePage {
  const described = error ? ' aria-describedby="code-error"' : '';
  return {
    title: 'Second factor',
    narrow: true,
    body: `<h1>Second factor</h1>
<p>Enter the 6-digit code your authenticator app shows for the Brokerage console.</p>
${errorBlock('code-error', error)}
<form method="post" action="/console/login/code">
${hiddenToken(token)}
<label>Code <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required${described}></label>
<div class="actions"><button type="submit">Sign in</button><a href="/console/login">Start again</a></div>
</form>`,
  };
}
