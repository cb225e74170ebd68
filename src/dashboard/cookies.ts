import { readCookie, siteCookies } from '../platform/browser/cookies.js';

// The dashboard's cookies (issue 30, item 1), under Path=/dashboard (platform/browser/cookies.ts): a console
// cookie never reaches the dashboard, nor the other way.

/** The signed-in session. */
export const sessionCookie = 'dashboard_session';
/** The sign-in form's anti-forgery value: a random value the form's hidden field is derived from. */
export const loginFormCookie = 'dashboard_login';

const cookies = siteCookies('/dashboard');
export const setCookie = cookies.set;
export const clearCookie = cookies.clear;
export { readCookie };
