// docs/operating.md, "Verifying payers in production" and the `file:` price source of "Prices", run rather than read
// (issue #27): the walk's shell blocks, in order, in one bash shell against a production server (manual review,
// mail through a local SMTP relay), the customer's pages played between them as her browser would; the 503 table
// checked on servers missing each provider; the sector table against the catalogue; the file: fragment loaded.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySectors } from '../../src/catalogue/activity-sectors.js';
import { createPriceSource } from '../../src/providers/prices/price-source-config.js';
import { checkProvidersFile } from '../../src/providers/providers-file.js';
import { aPartner } from '../support/builders.js';
import { guideText } from '../support/guide-shell.js';
import { adminToken, buildTestApp, productionEnv, type TestApp } from '../support/harness.js';
import { documentFields, openFlow, photo, postStep } from '../support/kyc-flow.js';
import { freePort } from '../support/net.js';
import { childEnv } from '../support/server-process.js';
import { type ShellSession, shellBlocks, shellSession } from '../support/shell-session.js';
import { type LocalSmtp, readMail, startLocalSmtp } from '../support/smtp-server.js';

const path = 'docs/operating.md';
const heading = 'Verifying payers in production';
const section = () => {
  const text = guideText(path);
  const start = text.indexOf(`## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 3);
  return text.slice(start, end === -1 ? undefined : end);
};
const jsonBlocks = (text: string) =>
  [...text.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => JSON.parse(m[1] as string) as unknown);

describe(`${path}: ${heading}`, () => {
  let prod: TestApp;
  let smtp: LocalSmtp;
  let shell: ShellSession;
  let url: string;
  const dir = mkdtempSync(join(tmpdir(), 'operating-kyc-'));

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    prod = await buildTestApp({
      env: { ...productionEnv, PUBLIC_BASE_URL: url },
      providersFile: {
        verification: { provider: 'manual-review' },
        mail: {
          smtp: {
            host: '127.0.0.1',
            port: smtp.port,
            security: 'local-relay-plaintext',
            from: 'Brokerage <kyc@b.example>',
          },
        },
      },
    });
    await prod.app.listen({ port, host: '127.0.0.1' });
    shell = shellSession(dir, childEnv({ HOST: '127.0.0.1', PORT: String(port), ADMIN_TOKEN: adminToken }));
  });

  afterAll(async () => {
    shell?.close();
    await prod?.app.close();
    await smtp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The customer's part: consent, the mailed code, the document form with its activity sector. */
  async function customerCompletes(kycUrl: string, email: string): Promise<void> {
    const app = prod.app;
    const flow = await openFlow(app, kycUrl);
    expect((await postStep(app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
    await prod.ctx.jobs.runDue();
    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
    expect(mail, 'the one-time code reached the SMTP relay').toBeDefined();
    const code = /\b(\d{6})\b/.exec(readMail(mail?.raw ?? '').text)?.[1] ?? '';
    expect((await postStep(app, `${flow}/code`, { code })).statusCode).toBe(303);
    const page = (await app.inject({ method: 'GET', url: flow })).body;
    expect(page).toContain('Activity sector');
    for (const sector of activitySectors) expect(page).toContain(`<option value="${sector.code}">${sector.name.en}`);
    // Without a sector the form is refused: the page asks it of every customer the partner sent no profession for.
    const { sector: _none, ...withoutSector } = documentFields();
    expect((await postStep(app, `${flow}/document`, withoutSector, photo)).statusCode).toBe(400);
    expect((await postStep(app, `${flow}/document`, documentFields({ sector: '50' }), photo)).statusCode).toBe(303);
    await prod.ctx.jobs.runDue();
  }

  it('walks as shown: workspace, KYC data, hosted page, review, decision, events', async () => {
    const blocks = shellBlocks(guideText(path)).filter((b) => b.heading === heading);
    expect(blocks).toHaveLength(4);
    const run = (code: string) => shell.runBlock(code.replaceAll('http://127.0.0.1:3000', url));
    const [workspace, partnerStarts, compliance, partnerReads] = blocks.map((b) => b.code);
    await run(workspace ?? '');
    await run(partnerStarts ?? '');
    const kycUrl = await shell.value('KYC');
    await customerCompletes(JSON.parse(kycUrl).kycUrl, 'ana@example.com');

    // The sector she picked is her profession now, as if the partner had sent it.
    const token = await shell.value('TOKEN');
    const data = await prod.app.inject({
      method: 'POST',
      url: '/v1/kyc/data',
      headers: { authorization: `Bearer ${token}` },
      payload: { userEmail: 'ana@example.com' },
    });
    expect(data.json().providedFields).toContain('profession');

    await run(compliance ?? '');
    await run(partnerReads ?? '');
  }, 120_000);

  it('lists the sectors of the catalogue, code and name', () => {
    for (const sector of activitySectors) expect(section()).toContain(`| \`${sector.code}\` | ${sector.name.en} |`);
  });

  it('answers 503 as its table says, storing nothing, and the other KYC calls answer', async () => {
    const nothing = await buildTestApp({ env: productionEnv });
    const noMail = await buildTestApp({
      env: productionEnv,
      providersFile: { verification: { provider: 'manual-review' } },
    });
    try {
      const partner = await aPartner(nothing.app);
      const call = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: partner.headers, ...(payload ? { payload } : {}) });
      const start = (sendOTPMail: boolean, userEmail: string) => ({
        userEmail,
        countryCode: 'PT',
        type: 'INDIVIDUAL',
        sendOTPMail,
      });
      const text = section();

      const noVerification = await call(nothing, 'POST', '/v1/kyc', start(false, 'unverified@example.com'));
      expect(noVerification.statusCode).toBe(503);
      expect(noVerification.json().error).toBe('ExternalServiceError');
      expect(text).toContain(`503 \`${noVerification.json().message.split(':')[0]}: …\``);
      const status = await call(nothing, 'GET', '/v1/kyc/unverified@example.com');
      expect(status.statusCode).toBe(200);
      expect(status.json().value.status).toBe('NOT_AVAILABLE');
      expect(
        (await call(nothing, 'POST', '/v1/kyc/data', { userEmail: 'x@example.com', firstName: 'X' })).statusCode,
      ).toBe(200);

      const mailless = await call(noMail, 'POST', '/v1/kyc', start(true, 'mailless@example.com'));
      expect(mailless.statusCode).toBe(503);
      expect(mailless.json().error).toBe('ExternalServiceError');
      expect(text).toContain(`503 \`${mailless.json().message.split(': ')[0]}: …\``);
      expect((await call(noMail, 'GET', '/v1/kyc/mailless@example.com')).json().value.status).toBe('NOT_AVAILABLE');
      // Without a code to mail, the same server takes the request (missingFields says what the partner still owes).
      const codeless = await call(noMail, 'POST', '/v1/kyc', start(false, 'mailless@example.com'));
      expect(codeless.statusCode, codeless.body).toBe(200);
    } finally {
      await nothing.app.close();
      await noMail.app.close();
    }
  });
});

describe(`${path}: Prices, a file: URL`, () => {
  it('loads, and a source at such a URL reads its file', async () => {
    const fragment = jsonBlocks(guideText(path)).find((block) => JSON.stringify(block).includes('"file:'));
    expect(fragment, 'the file: example').toBeDefined();
    const file = checkProvidersFile('docs/operating.md', fragment);
    const options = file.prices;
    expect(options?.url).toMatch(/^file:\/\/\//);
    if (options?.source !== 'ecb-daily-xml') throw new Error('the example is an ecb-daily-xml source');
    // The same options over the repository's copy of the ECB file (dated 2026-11-24, hence the wide age).
    const copy = new URL('../fixtures/prices/eurofxref-daily.xml', import.meta.url);
    expect(fileURLToPath(copy)).toMatch(/eurofxref-daily\.xml$/);
    const source = createPriceSource(
      { ...options, url: copy.href, maxAgeHours: 24 * 365 * 20 },
      { nowMs: () => Date.now() },
    );
    await source.start();
    source.stop();
    expect(source.covers('USD')).toBe(true);
    expect((await source.referenceRates(['USD'])).source).toBe('ecb-daily-xml');
  });
});
