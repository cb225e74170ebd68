// Browser tests of the hosted pages: a real Chromium (Debian's package, never a downloaded one) driven by
// playwright-core, accessibility checked by axe-core inside the page, screenshots at a phone and a desktop width.
//
// Without a browser the tests skip, unless REQUIRE_BROWSER=1 (CI) demands them: then they fail loudly.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(chromiumPath);
export const browserRequired = process.env.REQUIRE_BROWSER === '1';
/** Whether browser tests run: a browser is there, or one is required (and its absence is a failure). */
export const runBrowserTests = browserAvailable || browserRequired;

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!browserAvailable) {
    throw new Error(
      `No Chromium at ${chromiumPath}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH` +
        (browserRequired ? ' (REQUIRE_BROWSER=1 makes browser tests mandatory)' : ''),
    );
  }
  return chromium.launch({ headless: true, executablePath: chromiumPath, args: chromiumArgs });
}

/** Starts the app on a loopback socket; answers its base URL (pages are reached at base + path). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/**
 * Runs axe-core in the page and fails listing every violation (rule id, impact, elements). The pages' CSP allows no
 * script, but code evaluated through the DevTools protocol is not page script, so axe runs under the real policy.
 */
export async function expectAccessible(
  page: Page,
  stepName: string,
  /** Rules not checked: only for third-party markup the project cannot change, each recorded in the decisions. */
  skippedRules: readonly string[] = [],
): Promise<void> {
  if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(axeSource);
  const rules = JSON.stringify(Object.fromEntries(skippedRules.map((id) => [id, { enabled: false }])));
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'], rules: ${rules} }).then((r) => r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
  )) as AxeViolation[];
  if (violations.length > 0) {
    const list = violations.map((v) => `  - ${v.id} (${v.impact ?? 'n/a'}): ${v.help} → ${v.targets.join(', ')}`);
    throw new Error(`${stepName}: ${violations.length} accessibility violation(s)\n${list.join('\n')}`);
  }
}

/** Console messages that say the page broke: content security policy refusals and uncaught errors. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

const screenshotDir = new URL('../../test-results/screenshots/', import.meta.url);
export const screenshotWidths = [375, 1280] as const;

/** Full-page PNGs at 375 and 1280 px: test-results/screenshots/<name>-<width>.png. The viewport is restored after. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize();
  for (const width of screenshotWidths) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: new URL(`${name}-${width}.png`, screenshotDir).pathname, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
