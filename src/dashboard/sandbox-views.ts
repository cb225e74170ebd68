import { currencyOf } from '../catalogue/index.js';
import { counterpartyPayerFields } from '../catalogue/simulate-payer-fields.js';
import { esc } from '../domain/html.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { hiddenToken } from '../platform/browser/csrf.js';
import { formatMomentToSecond } from '../platform/browser/format.js';
import type { DashboardPage } from './layout.js';

// The stage sandbox's helpers as forms (issue 30, "Objects": "in stage, the sandbox's helpers as buttons"), shown
// only to a developer or an admin of a stage workspace: each posts to sandbox-actions.ts, which calls the same
// function as /v1/simulate (docs/sandbox.md).

/** The payer field a simulated transfer of this currency carries (docs/sandbox.md), or fromAddress for crypto. */
export function payerFieldOf(currency: string): string | undefined {
  if (currencyOf(currency)?.kind === 'crypto') return 'fromAddress';
  return counterpartyPayerFields[currency]?.[0];
}

const payerExamples: Readonly<Record<string, string>> = { iban: 'PT50000201231234567890154' };

/** "Simulate the incoming transfer" of a deposit or an order awaiting funds. */
export function transferForm(
  me: SignedInPartnerUser,
  action: string,
  currency: string,
  expectedAmount: string,
): string {
  const field = payerFieldOf(currency);
  const crypto = field === 'fromAddress';
  const payer =
    field === undefined
      ? ''
      : `<label>Payer's ${esc(field)} <input name="payerField" required maxlength="120" autocomplete="off" value="${esc(payerExamples[field] ?? '')}"></label>`;
  return `<h2 id="sandbox">Sandbox</h2>
<form method="post" action="${esc(action)}">${hiddenToken(me.csrfToken)}
<label>Amount (${esc(currency)}) <input name="amount" inputmode="decimal" required maxlength="40" value="${esc(expectedAmount)}"></label>
${
  crypto
    ? ''
    : `<label>Outcome <select name="scenario"><option value="success">success</option><option value="failed">failed</option><option value="processing">processing</option><option value="compliance_review">compliance_review</option></select></label>
<label>Payer's name <input name="payerName" required maxlength="120" autocomplete="off" value="Sandbox Payer"></label>`
}
${payer}
<div class="actions"><button type="submit">Simulate the incoming transfer</button></div>
</form>`;
}

/** The target statuses the dashboard offers for a verification: the simulate helper moves along the permitted path. */
export const kycTargets = ['APPROVED', 'REJECTED'] as const;

export function kycForm(me: SignedInPartnerUser, action: string): string {
  return `<h2 id="sandbox">Sandbox</h2>
<form method="post" action="${esc(action)}">${hiddenToken(me.csrfToken)}
<div class="actions">${kycTargets
    .map(
      (s) =>
        `<button class="${s === 'APPROVED' ? '' : 'secondary'}" type="submit" name="status" value="${s}">Move to ${s}</button>`,
    )
    .join(' ')}</div>
</form>`;
}

export interface SandboxPageInput {
  readonly me: SignedInPartnerUser;
  /** The workspace's test clock: its now (Unix seconds) and how far ahead of the system time it runs. */
  readonly clock: { readonly now: number; readonly offsetSeconds: number };
  readonly mayUse: boolean;
  readonly done?: string | undefined;
  readonly error?: string | undefined;
}

/** GET /dashboard/sandbox: the test clock, and for a developer or an admin the form that moves it forward. */
export function sandboxPage(input: SandboxPageInput): DashboardPage {
  const { me, clock } = input;
  const form = input.mayUse
    ? `<h2>Move the clock forward</h2>
<form method="post" action="/dashboard/sandbox/clock">${hiddenToken(me.csrfToken)}
<label>By <input name="amount" type="number" min="1" max="744" required value="1"></label>
<label>Unit <select name="unit"><option value="minutes">minutes</option><option value="hours" selected>hours</option></select></label>
<div class="actions"><button type="submit">Advance the test clock</button></div>
</form>
<p class="muted">Quotes, payment windows, key replay and hosted links age; orders whose window passes expire at once. The clock never goes back.</p>`
    : '';
  return {
    title: 'Sandbox',
    user: me,
    body: `<h1>Sandbox</h1>
${input.done ? `<p class="done" role="status">${esc(input.done)}</p>` : ''}
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
<p>The workspace's test clock reads <strong>${esc(formatMomentToSecond(clock.now * 1000))}</strong>, ${esc(clock.offsetSeconds)} seconds ahead of the system time.</p>
${form}`,
  };
}
