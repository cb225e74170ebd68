import { readCookie, siteCookies } from '../../platform/browser/cookies.js';

// The console's cookies (operator console issue, item 1), under Path=/console (platform/browser/cookies.ts).

/** The signed-in session, and the password step's session waiting for its code. */
export const sessionCookie = 'console_session';
export const pendingCookie = 'console_pending';
/** The sign-in form's anti-forgery value (csrf.ts): a random value the form's hidden field is derived from. */
export const loginFormCookie = 'console_login';

const cookies = siteCookies('/console');
export const setCookie = cookies.set;
export const clearCookie = cookies.clear;
export { readCookie };
