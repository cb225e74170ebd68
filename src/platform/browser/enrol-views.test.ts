import { describe, expect, it } from 'vitest';
import { type EnrollingAccount, enrolmentDonePage, enrolmentPage, enrolmentProblemTexts } from './enrol-views.js';
import type { EnrolmentProblem } from './enrolment.js';

// The enrolment page of the signed-in sites: which field a problem marks, what it says, and what a site's second
// factor asks of the form. Through the enrolment link over HTTP: test/api/console-sign-in.test.ts,
// test/api/dashboard-people.test.ts; in Chromium: test/browser/console-login.test.ts, test/browser/dashboard.test.ts.

const page = (secondFactorRequired: boolean) => ({
  account: { email: 'ann<b>@brokerage.example', role: 'viewer' } satisfies EnrollingAccount,
  secondFactorRequired,
  issuer: 'Brokerage console' as const,
  totpSecret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
  qrDataUrl: 'data:image/svg+xml;base64,AAAA',
});
const render = (problem?: EnrolmentProblem, required = true) =>
  enrolmentPage(enrolmentProblemTexts, '/console/enrol/s"x', page(required), 'form-token', problem).body;
const invalidFields = (html: string) =>
  [...html.matchAll(/<input (?:type="password" )?name="(\w+)"[^>]*aria-invalid="true"/g)].map((m) => m[1]);

describe('enrolmentPage: a problem marks its fields and says what is wrong', () => {
  it.each<[EnrolmentProblem | undefined, string[]]>([
    [undefined, []],
    ['password-length', ['password', 'confirmation']],
    ['password-mismatch', ['password', 'confirmation']],
    ['code', ['code']],
    ['code-required', ['code']],
  ])('%s marks %j', (problem, fields) => {
    const html = render(problem);
    expect(invalidFields(html)).toEqual(fields);
    if (problem === undefined) expect(html).not.toContain('role="alert"');
    else expect(html).toContain(`<p class="error" id="enrol-error" role="alert">${enrolmentProblemTexts[problem]}</p>`);
  });

  it("says a site's own text for a problem", () => {
    const texts = { ...enrolmentProblemTexts, 'code-required': enrolmentProblemTexts.code };
    const html = enrolmentPage(texts, '/dashboard/enrol/s', page(true), 't', 'code-required').body;
    expect(html).toContain(enrolmentProblemTexts.code);
    expect(html).not.toContain(enrolmentProblemTexts['code-required']);
  });
});

describe('enrolmentPage: the second factor', () => {
  it.each<[boolean, boolean, boolean]>([
    // required, the code field required, the hint that it may be left empty
    [true, true, false],
    [false, false, true],
  ])('required %s: the code field required %s, the optional hint %s', (required, fieldRequired, hint) => {
    const html = render(undefined, required);
    expect(/<input name="code"[^>]* required[ >]/.test(html)).toBe(fieldRequired);
    expect(html.includes('Optional for your role')).toBe(hint);
  });

  it('names the site in the QR code, groups the key by four, and escapes every value', () => {
    const html = render();
    expect(html).toContain('alt="QR code that adds the Brokerage console to an authenticator app"');
    expect(html).toContain('<span class="secret">ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567</span>');
    expect(html).toContain('<strong>ann&lt;b&gt;@brokerage.example</strong>');
    expect(html).toContain('action="/console/enrol/s&quot;x"');
    expect(html).toContain('<input type="hidden" name="csrf" value="form-token">');
  });
});

describe('enrolmentDonePage', () => {
  it.each([['/console/login'], ['/dashboard/login']])('links to the sign-in page %s', (loginPath) => {
    const done = enrolmentDonePage(loginPath, 'a&b@example.com');
    expect(done.body).toContain(`<a class="button" href="${loginPath}">Sign in</a>`);
    expect(done.body).toContain('a&amp;b@example.com can now sign in.');
  });
});
