import type { FastifyReply } from 'fastify';
import { defaultLook, pickLanguage } from '../../domain/hosted-look.js';
import { esc } from '../../domain/html.js';
import { amountToDecimal } from '../../domain/money/currency-amount.js';
import type { OpenBankingBank } from '../../providers/openbanking/openbanking-provider.js';
import { sandboxBanks } from '../../providers/openbanking/sandbox-openbanking.js';
import type { SessionRow } from '../../resources/openbanking/repo.js';
import { type PageContent, sendPage } from '../page.js';
import type { FormErrors, FormField, FormValues } from './pay.js';
import { formatMoney, type PageLanguage, type PageText, pageLanguages, pageText } from './text.js';

// The HTML of the hosted payment page: the form, the outcome, and the notices for links that cannot be used.
// Every value goes through `esc`; the page runs no script (see sendPage).

export const languageOf = (session: Pick<SessionRow, 'language'>): PageLanguage =>
  pickLanguage(session.language, pageLanguages);

/** The page language for a request without a session (unknown link): the browser's first language, else English. */
export const languageOfRequest = (acceptLanguage: string | undefined): PageLanguage =>
  pickLanguage(acceptLanguage?.split(',')[0], pageLanguages);

const send = (reply: FastifyReply, language: PageLanguage, content: PageContent, status = 200) =>
  sendPage(reply, { ...defaultLook, language }, content, status);

const money = (session: SessionRow, language: PageLanguage) =>
  session.amount === null
    ? ''
    : formatMoney(amountToDecimal(session.amount, session.currency), session.currency, language);

const row = (term: string, value: string) => `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>`;

function summary(session: SessionRow, text: PageText, language: PageLanguage, extra = ''): string {
  return `<dl class="summary">${session.amount === null ? '' : row(text.amount, money(session, language))}${row(text.recipient, session.recipient)}${row(text.reference, session.reference)}${extra}</dl>`;
}

export interface FormState {
  readonly errors?: FormErrors;
  readonly values?: FormValues;
}

const fieldOrder: readonly FormField[] = ['bank', 'payerName', 'payerAccount', 'amount'];

/** The payment form; with errors, a summary (role=alert) and each message tied to its field by aria-describedby. */
export function sendForm(
  reply: FastifyReply,
  session: SessionRow,
  token: string,
  banks: readonly OpenBankingBank[],
  options: { readonly state?: FormState; readonly sandbox: boolean },
) {
  const language = languageOf(session);
  const text = pageText[language];
  const errors = options.state?.errors ?? {};
  const values = options.state?.values ?? {};
  const message = (field: FormField) => {
    const key = errors[field];
    return key === undefined ? undefined : text.errors[key];
  };
  const errorLine = (field: FormField) => {
    const m = message(field);
    return m === undefined ? '' : `<p class="error" id="${field}-error">${esc(m)}</p>`;
  };
  const described = (field: FormField, hint: boolean) => {
    const ids = [hint ? `${field}-hint` : '', message(field) === undefined ? '' : `${field}-error`].filter(Boolean);
    return `${ids.length ? ` aria-describedby="${ids.join(' ')}"` : ''}${message(field) === undefined ? '' : ' aria-invalid="true"'}`;
  };
  const failing = fieldOrder.filter((f) => message(f) !== undefined);
  const firstTarget = (f: FormField) => (f === 'bank' ? `bank-${banks[0]?.id ?? ''}` : f);
  const errorSummary = failing.length
    ? `<div class="error-summary" role="alert"><p>${esc(text.fixErrors)}</p><ul>${failing
        .map((f) => `<li><a href="#${esc(firstTarget(f))}">${esc(message(f))}</a></li>`)
        .join('')}</ul></div>`
    : '';
  const byIban = session.currency === 'EUR';
  const openAmount = session.amount === null;
  const bankOptions = banks
    .map(
      (b) =>
        `<label class="bank" for="bank-${esc(b.id)}"><input type="radio" id="bank-${esc(b.id)}" name="bank" value="${esc(b.id)}" required${values.bank === b.id ? ' checked' : ''}${described('bank', false)}><span>${esc(b.name)}</span></label>`,
    )
    .join('');
  const amountField = openAmount
    ? `<div class="field"><label for="amount">${esc(text.amountToPay(session.currency))}</label><input id="amount" name="amount" inputmode="decimal" autocomplete="transaction-amount" required value="${esc(values.amount)}"${described('amount', true)}><p class="hint" id="amount-hint">${esc(text.amountHint)}</p>${errorLine('amount')}</div>`
    : '';
  const body = `<h1>${esc(text.title)}</h1>
${openAmount ? '' : `<p class="amount">${esc(money(session, language))}</p>`}
<p>${esc(text.intro(session.recipient))}</p>
<dl class="summary">${row(text.recipient, session.recipient)}${row(text.reference, session.reference)}</dl>
${errorSummary}
<form method="post" action="/pay/${esc(token)}" novalidate>
<fieldset class="banks"><legend>${esc(text.chooseBank)}</legend>${bankOptions}${errorLine('bank')}</fieldset>
<div class="field"><label for="payerName">${esc(text.payerName)}</label><input id="payerName" name="payerName" autocomplete="name" maxlength="140" required value="${esc(values.payerName)}"${described('payerName', false)}>${errorLine('payerName')}</div>
<div class="field"><label for="payerAccount">${esc(byIban ? text.iban : text.accountNumber)}</label><input id="payerAccount" name="payerAccount" autocomplete="off" spellcheck="false" ${byIban ? 'autocapitalize="characters" maxlength="42"' : 'inputmode="numeric" maxlength="10"'} required value="${esc(values.payerAccount)}"${described('payerAccount', true)}><p class="hint" id="payerAccount-hint">${esc(byIban ? text.ibanHint : text.accountNumberHint)}</p>${errorLine('payerAccount')}</div>
${amountField}
<div class="actions"><button type="submit" name="action" value="pay">${esc(openAmount ? text.payOpenAmount : text.pay(money(session, language)))}</button><button type="submit" name="action" value="cancel" class="secondary">${esc(text.cancel)}</button></div>
</form>`;
  const sandboxNote = options.sandbox
    ? `<p><strong>${esc(text.sandboxTitle)}.</strong> ${esc(text.sandbox(sandboxBanks.approves.name, sandboxBanks.declines.name))} ${esc(byIban ? text.sandboxPayer.iban : text.sandboxPayer.accountNumber)}</p>`
    : undefined;
  return send(
    reply,
    language,
    { title: text.title, body, ...(sandboxNote ? { sandboxNote } : {}) },
    failing.length ? 400 : 200,
  );
}

/** The outcome of a session that was acted on: approved (settling), complete, declined, not applied, cancelled. */
export function sendResult(reply: FastifyReply, session: SessionRow, token: string, bankName: string | undefined) {
  const language = languageOf(session);
  const text = pageText[language];
  const payerRows = [
    bankName === undefined ? '' : row(text.bank, bankName),
    session.payer ? row(text.payer, session.payer.name) : '',
  ].join('');
  let heading: string;
  let message: string;
  let action = '';
  switch (session.status) {
    case 'AUTHORIZED':
      heading = text.authorized.heading;
      message = text.authorized.body(session.recipient);
      action = `<p><a class="button" href="/pay/${esc(token)}">${esc(text.checkAgain)}</a></p>`;
      break;
    case 'COMPLETED':
      heading = text.completed.heading;
      message = text.completed.body(money(session, language), session.recipient);
      break;
    case 'FAILED':
      ({ heading, body: message } = session.reason === 'declined' ? text.declined : text.notSettled);
      break;
    default:
      ({ heading, body: message } = text.cancelled);
  }
  const body = `<h1>${esc(heading)}</h1>
<p role="status">${esc(message)}</p>
${summary(session, text, language, payerRows)}
${action}
<p class="muted">${esc(text.closeHint)}</p>`;
  return send(reply, language, { title: `${heading} · ${text.title}`, body });
}

export type NoticeKind = 'notFound' | 'expired' | 'superseded' | 'closed' | 'failure';

const noticeStatus: Readonly<Record<NoticeKind, number>> = {
  notFound: 404,
  expired: 410,
  superseded: 410,
  closed: 410,
  failure: 503,
};

/** A friendly page for a link that cannot be used (unknown, expired, replaced, nothing left to pay) or a failure. */
export function sendNotice(reply: FastifyReply, language: PageLanguage, kind: NoticeKind, status = noticeStatus[kind]) {
  const text = pageText[language];
  const { heading, body } = text[kind];
  return send(
    reply,
    language,
    { title: `${heading} · ${text.title}`, body: `<h1>${esc(heading)}</h1>\n<p>${esc(body)}</p>` },
    status,
  );
}
