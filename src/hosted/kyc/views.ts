import { activitySectors } from '../../catalogue/activity-sectors.js';
import { kycCountries } from '../../catalogue/kyc-countries.js';
import { esc } from '../../domain/html.js';
import type { KycSession } from '../../resources/kyc/repo.js';
import type { PageContent } from '../page.js';
import { fill, type KycMessages, type KycPageLanguage } from './messages.js';

export type FieldErrors = Readonly<Record<string, string>>;

export interface ViewInput {
  readonly session: KycSession;
  readonly t: KycMessages;
  readonly language: KycPageLanguage;
  /** The flow's own address; every form posts below it. */
  readonly flowPath: string;
  readonly stage: boolean;
}

const titleOf = ({ session, t }: ViewInput) => (session.verification_type === 'KYB' ? t.titleBusiness : t.title);

function progress(view: ViewInput, current: 'consent' | 'otp' | 'document' | 'done'): string {
  const steps: ['consent' | 'otp' | 'document' | 'done', string][] = [
    ['consent', view.t.stepConsent],
    ...(view.session.options.sendOTPMail ? [['otp', view.t.stepCode] as ['otp', string]] : []),
    ['document', view.t.stepDocument],
    ['done', view.t.stepDone],
  ];
  const items = steps
    .map(([step, label], i) => `<li${step === current ? ' aria-current="step"' : ''}>${i + 1}. ${esc(label)}</li>`)
    .join('');
  return `<ol class="steps" aria-label="${esc(view.t.stepsLabel)}">${items}</ol>`;
}

const cancelForm = (view: ViewInput) =>
  `<form method="post" action="${view.flowPath}/cancel" enctype="multipart/form-data"><div class="actions"><button type="submit" class="secondary">${esc(view.t.cancel)}</button></div></form>`;

const errorText = (id: string, message: string | undefined) =>
  message ? `<span class="error" id="${id}-error">${esc(message)}</span>` : '';

const described = (id: string, errors: FieldErrors, hint?: string) => {
  const ids = [hint ? `${id}-hint` : '', errors[id] ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `${ids ? ` aria-describedby="${ids}"` : ''}${errors[id] ? ' aria-invalid="true"' : ''}`;
};

const summary = (t: KycMessages, errors: FieldErrors) =>
  Object.keys(errors).length > 0 ? `<p class="error" role="alert">${esc(t.fixErrors)}</p>` : '';

export function consentView(view: ViewInput, errors: FieldErrors = {}): PageContent {
  const { t } = view;
  return {
    title: titleOf(view),
    body: `${progress(view, 'consent')}
<h1>${esc(titleOf(view))}</h1>
<p>${esc(t.consentIntro)}</p>
${view.session.verification_type === 'KYB' ? `<p>${esc(t.consentBusiness)}</p>` : ''}
${summary(t, errors)}
<form method="post" action="${view.flowPath}/consent" enctype="multipart/form-data">
<label class="check"><input type="checkbox" name="consent" value="yes" id="consent" required${described('consent', errors)}> <span>${esc(t.consentLabel)}</span></label>
${errorText('consent', errors.consent)}
<div class="actions"><button type="submit">${esc(t.continue)}</button></div>
</form>
${cancelForm(view)}`,
  };
}

export function codeView(view: ViewInput, notice?: { error?: string; info?: string }): PageContent {
  const { t } = view;
  const errors: FieldErrors = notice?.error ? { code: notice.error } : {};
  return {
    title: titleOf(view),
    ...(view.stage ? { sandboxNote: `<p>${esc(t.sandboxMail)}</p>` } : {}),
    body: `${progress(view, 'otp')}
<h1>${esc(t.stepCode)}</h1>
<p>${esc(fill(t.codeIntro, { email: view.session.email }))}</p>
${notice?.info ? `<p role="status">${esc(notice.info)}</p>` : ''}
${summary(t, errors)}
<form method="post" action="${view.flowPath}/code" enctype="multipart/form-data">
<div class="field"><label for="code">${esc(t.codeLabel)}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required${described('code', errors)}>
${errorText('code', errors.code)}</div>
<div class="actions"><button type="submit">${esc(t.continue)}</button></div>
</form>
<form method="post" action="${view.flowPath}/code/resend" enctype="multipart/form-data"><div class="actions"><button type="submit" class="secondary">${esc(t.codeResend)}</button></div></form>
${cancelForm(view)}`,
  };
}

/** What the document form showed last time, to re-fill it after a validation error. */
export type DocumentDraft = Readonly<Record<string, string>>;

function select(id: string, label: string, options: [string, string][], chosen: string, errors: FieldErrors): string {
  const items = options
    .map(([value, text]) => `<option value="${esc(value)}"${value === chosen ? ' selected' : ''}>${esc(text)}</option>`)
    .join('');
  return `<div class="field"><label for="${id}">${esc(label)}</label>
<select id="${id}" name="${id}" required${described(id, errors)}>${items}</select>${errorText(id, errors[id])}</div>`;
}

function input(id: string, label: string, value: string, errors: FieldErrors, extra = '', hint?: string): string {
  return `<div class="field"><label for="${id}">${esc(label)}</label>
${hint ? `<span class="hint" id="${id}-hint">${esc(hint)}</span>` : ''}
<input id="${id}" name="${id}" value="${esc(value)}" required${extra}${described(id, errors, hint)}>${errorText(id, errors[id])}</div>`;
}

export function documentView(view: ViewInput, errors: FieldErrors = {}, draft: DocumentDraft = {}): PageContent {
  const { t, session, language } = view;
  const types: [string, string][] = (['idcard', 'passport', 'drivinglicense', 'visa'] as const).map((k) => [k, t[k]]);
  const countryNames = new Intl.DisplayNames([language], { type: 'region' });
  const countries: [string, string][] = kycCountries
    .map((code): [string, string] => [code, countryNames.of(code) ?? code])
    .sort((a, b) => a[1].localeCompare(b[1], language));
  const sectors: [string, string][] = [
    ['', t.sectorChoose],
    ...activitySectors.map((s): [string, string] => [s.code, s.name[language]]),
  ];
  const business =
    session.verification_type === 'KYB'
      ? `${input('legalName', t.legalName, draft.legalName ?? '', errors, ' maxlength="200" autocomplete="organization"')}
${input('registrationNumber', t.registrationNumber, draft.registrationNumber ?? '', errors, ' maxlength="50"')}`
      : '';
  return {
    title: titleOf(view),
    ...(view.stage ? { sandboxNote: `<p>${esc(t.sandbox)}</p>` } : {}),
    body: `${progress(view, 'document')}
<h1>${esc(t.stepDocument)}</h1>
<p>${esc(t.documentIntro)}</p>
${summary(t, errors)}
<form method="post" action="${view.flowPath}/document" enctype="multipart/form-data">
${business}
${select('documentType', t.documentType, types, draft.documentType ?? 'idcard', errors)}
${input('documentNumber', t.documentNumber, draft.documentNumber ?? '', errors, ' maxlength="50" autocomplete="off"')}
${input('expiryDate', t.expiryDate, draft.expiryDate ?? '', errors, ' type="date"', t.expiryHint)}
${select('issuingCountry', t.issuingCountry, countries, draft.issuingCountry ?? session.options.countryCode, errors)}
${session.options.asksSector ? select('sector', t.sector, sectors, draft.sector ?? '', errors) : ''}
<div class="field"><label for="image">${esc(t.image)}</label>
<span class="hint" id="image-hint">${esc(t.imageHint)}</span>
<input id="image" name="image" type="file" accept="image/jpeg,image/png,application/pdf" required${described('image', errors, t.imageHint)}>
${errorText('image', errors.image)}</div>
<div class="actions"><button type="submit">${esc(t.submit)}</button></div>
</form>
${cancelForm(view)}`,
  };
}

/** A final page: done, cancelled, failed, or a link that cannot be used. */
export function messageView(title: string, text: string, link?: { href: string; label: string }): PageContent {
  return {
    title,
    body: `<h1>${esc(title)}</h1>
<p>${esc(text)}</p>
${link ? `<p><a class="button" href="${esc(link.href)}">${esc(link.label)}</a></p>` : ''}`,
  };
}
