import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { openFlow, sendKycData, standardProfile, startKyc } from '../support/kyc-flow.js';

// Goal: the hosted verification page looks as the partner asked on POST /v1/kyc (language, theme, blank, sizes,
// mobile layout) under a strict content security policy. Method: the pages read through HTTP.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_BASE_URL: 'https://verify.example.test' } });
});

let customers = 0;

/** A customer with a complete profile whose kycUrl, asked for with `options`, has been opened. */
async function attempt(options: Record<string, unknown> = {}) {
  const p = await aPartner(t.app);
  customers += 1;
  const email = `look-${customers}@example.com`;
  expect((await sendKycData(t.app, p, { userEmail: email, ...standardProfile })).statusCode).toBe(200);
  const body = { userEmail: email, countryCode: 'PT', type: 'INDIVIDUAL', sendOTPMail: true, ...options };
  const started = await startKyc(t.app, p, body);
  expect(started.statusCode, started.body).toBe(200);
  return { p, email, flow: await openFlow(t.app, started.json().kycUrl) };
}

const page = (path: string) => t.app.inject({ method: 'GET', url: path });

describe('the look a partner asks for', () => {
  const look = async (options: Record<string, unknown>) => page((await attempt(options)).flow);

  it.each([
    ['es', 'es', 'Verifica tu identidad'],
    ['pt-BR', 'pt', 'Verifique sua identidade'],
    ['fr', 'en', 'Verify your identity'],
    ['', 'en', 'Verify your identity'],
    [undefined, 'en', 'Verify your identity'],
  ])('language %j is served as %s', async (language, served, title) => {
    const response = await look(language === undefined ? {} : { language });
    expect(response.body).toContain(`<html lang="${served}"`);
    expect(response.body).toContain(`<h1>${title}</h1>`);
  });

  it('a dead link speaks the browser language, as the attempt is unknown', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/kyc/start/${'Z'.repeat(43)}`,
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Enlace no encontrado');
  });

  it('theme: dark by default, light on request', async () => {
    expect((await look({})).body).toContain('data-theme="dark"');
    expect((await look({ theme: 'light' })).body).toContain('data-theme="light"');
  });

  it('blank: body class blank and no header band; forceMobile: body class mobile', async () => {
    const framed = (await look({})).body;
    expect(framed).toContain('<body class="">');
    expect(framed).toContain('<header class="band">');
    const blank = (await look({ blank: true })).body;
    expect(blank).toContain('<body class="blank">');
    expect(blank).not.toContain('class="band"');
    expect((await look({ forceMobile: true })).body).toContain('<body class="mobile">');
    expect((await look({ blank: true, forceMobile: true })).body).toContain('<body class="blank mobile">');
  });

  it('width and height: one <style> carrying the nonce the CSP allows; without them no inline style', async () => {
    const sized = await look({ width: '420px', height: '80vh' });
    const nonce = /<style nonce="([^"]+)">\.widget\{max-width:420px;min-height:80vh;\}<\/style>/.exec(sized.body)?.[1];
    expect(nonce, sized.body.slice(0, 600)).toBeDefined();
    expect(String(sized.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    expect((await look({})).body).not.toContain('<style');
  });

  it('a strict CSP without unsafe-inline, no script, no caching; the style sheet is served as text/css', async () => {
    const response = await look({});
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.body).not.toMatch(/<script/i);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<link rel="stylesheet" href="/hosted/page.css">');
    const css = await page('/hosted/page.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('[data-theme=light]');
  });
});
