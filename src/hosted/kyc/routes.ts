import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { activitySectors } from '../../catalogue/activity-sectors.js';
import { kycCountries } from '../../catalogue/kyc-countries.js';
import { documentKindOf } from '../../domain/documents/document-kind.js';
import { defaultLook, type PageLook, pickLanguage } from '../../domain/hosted-look.js';
import { limits } from '../../limits.js';
import type { DocumentCapture } from '../../providers/verification/verification-provider.js';
import type { KycSession } from '../../resources/kyc/repo.js';
import { findFlow, flowExpired } from '../../resources/kyc/sessions.js';
import { type PageContent, sendPage } from '../page.js';
import {
  cancelFlow,
  checkCode,
  type DocumentStep,
  giveConsent,
  openKycLink,
  sendCode,
  submitDocument,
} from './flow.js';
import { type KycPageLanguage, kycMessages, kycPageLanguages } from './messages.js';
import { codeView, consentView, documentView, type FieldErrors, messageView, type ViewInput } from './views.js';

type Secret = { Params: { secret: string } };
const secretParams = {
  type: 'object',
  properties: { secret: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
  required: ['secret'],
} as const;

/** The look the partner asked for is stored with the attempt (SessionOptions is a PageLook). */
const lookOf = (session: KycSession): PageLook => session.options;
const languageOf = (session: KycSession) => pickLanguage(session.options.language, kycPageLanguages);
const browserLanguage = (request: FastifyRequest): KycPageLanguage =>
  pickLanguage(String(request.headers['accept-language'] ?? '').split(',')[0], kycPageLanguages);

/** A page for a link or flow that cannot go on, in the attempt's look when it is known. */
function dead(
  reply: FastifyReply,
  request: FastifyRequest,
  why: 'unknown' | 'used' | 'expired' | 'superseded',
  session?: KycSession,
) {
  const language = session ? languageOf(session) : browserLanguage(request);
  const t = kycMessages[language];
  const look = session ? lookOf(session) : { ...defaultLook, language };
  const errorUrl = session?.options.errorUrl;
  const link = errorUrl ? { href: errorUrl, label: t.backToPartner } : undefined;
  return sendPage(reply, look, messageView(t[`${why}Title`], t[`${why}Text`], link), why === 'unknown' ? 404 : 410);
}

const flowPath = (secret: string) => `/kyc/flow/${secret}`;

interface Form {
  readonly fields: Record<string, string>;
  readonly file?: { bytes: Buffer; mimeType: string } | 'too-large';
}

async function readForm(request: FastifyRequest): Promise<Form> {
  const fields: Record<string, string> = {};
  let file: Form['file'];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      file = part.file.truncated ? 'too-large' : { bytes, mimeType: part.mimetype };
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return { fields, ...(file ? { file } : {}) };
}

const isStep = (value: DocumentStep | FieldErrors): value is DocumentStep => 'capture' in value;

const documentTypes = ['idcard', 'passport', 'drivinglicense', 'visa'] as const;

/** Reads and checks the document form: the capture, or the errors per field. */
function documentStep(session: KycSession, form: Form, t: (typeof kycMessages)['en']): DocumentStep | FieldErrors {
  const f = (name: string) => (form.fields[name] ?? '').trim();
  const errors: Record<string, string> = {};
  const documentType = documentTypes.find((d) => d === f('documentType'));
  if (!documentType) errors.documentType = t.errRequired;
  if (!/^[A-Za-z0-9-]{3,50}$/.test(f('documentNumber'))) errors.documentNumber = t.errRequired;
  const expiry = f('expiryDate');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiry) || Number.isNaN(Date.parse(`${expiry}T00:00:00Z`)))
    errors.expiryDate = t.errDate;
  if (!kycCountries.includes(f('issuingCountry'))) errors.issuingCountry = t.errRequired;
  const sector = f('sector');
  if (session.options.asksSector && !activitySectors.some((s) => s.code === sector)) errors.sector = t.errRequired;
  const business = session.verification_type === 'KYB';
  if (business && f('legalName') === '') errors.legalName = t.errRequired;
  if (business && f('registrationNumber') === '') errors.registrationNumber = t.errRequired;
  const file = form.file;
  const kind = file && file !== 'too-large' && file.bytes.length > 0 ? documentKindOf(file.bytes) : undefined;
  if (!kind || file === undefined || file === 'too-large') errors.image = t.errImage;
  if (Object.keys(errors).length > 0 || !documentType || !kind || !file || file === 'too-large') return errors;
  const capture: DocumentCapture = {
    documentType,
    documentNumber: f('documentNumber').toUpperCase(),
    expiryDate: expiry,
    issuingCountry: f('issuingCountry'),
    image: { bytes: file.bytes, mimeType: kind },
    ...(business ? { organisation: { legalName: f('legalName'), registrationNumber: f('registrationNumber') } } : {}),
  };
  return { capture, ...(session.options.asksSector ? { sector } : {}) };
}

/** The hosted verification page behind kycUrl: plain forms posted to the server, one step at a time. */
export async function kycPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: limits.kycDocumentImageMaxBytes,
      files: 1,
      fields: limits.kycFormFieldsMax,
      fieldSize: limits.kycFormFieldMaxBytes,
      parts: limits.kycFormPartsMax,
    },
    // An image over the size limit is a form error (readForm sees it truncated), not a failed request: when the limit
    // throws, the parts iteration rethrows it after the loop and the customer got a JSON 400 instead of the form.
    throwFileSizeLimit: false,
  });
  const stage = ctx.config.brokerageEnv === 'stage';

  /** The attempt behind a flow secret, or the dead-end page already sent. */
  async function flowOr(request: FastifyRequest<Secret>, reply: FastifyReply) {
    const session = await findFlow(ctx.db, request.params.secret, false);
    if (!session) return void dead(reply, request, 'unknown');
    if (session.step === 'superseded') return void dead(reply, request, 'superseded', session);
    if (flowExpired(session, ctx.clock.nowMs()) && !['submitted', 'cancelled', 'failed'].includes(session.step)) {
      return void dead(reply, request, 'expired', session);
    }
    const language = languageOf(session);
    const view: ViewInput = {
      session,
      t: kycMessages[language],
      language,
      flowPath: flowPath(request.params.secret),
      stage,
    };
    return {
      session,
      view,
      show: (content: PageContent, status = 200) => sendPage(reply, lookOf(session), content, status),
    };
  }
  const again = (reply: FastifyReply, secret: string) => reply.redirect(flowPath(secret), 303);

  app.get<Secret>('/kyc/start/:secret', { schema: { hide: true, params: secretParams } }, async (request, reply) => {
    const opened = await openKycLink(ctx, request.params.secret);
    if (!opened.ok) {
      const why = opened.session?.step === 'superseded' ? 'superseded' : opened.reason;
      return dead(reply, request, why, opened.session);
    }
    return again(reply, opened.flowSecret);
  });

  app.get<Secret>('/kyc/flow/:secret', { schema: { hide: true, params: secretParams } }, async (request, reply) => {
    const flow = await flowOr(request, reply);
    if (!flow) return reply;
    const { session, view, show } = flow;
    const { t } = view;
    const back = (url: string | undefined) => (url ? { href: url, label: t.backToPartner } : undefined);
    switch (session.step) {
      case 'consent':
        return show(consentView(view));
      case 'otp':
        return show(codeView(view));
      case 'document':
        return show(documentView(view));
      case 'submitted':
        return show(messageView(t.doneTitle, t.doneText, back(session.options.successUrl)));
      case 'cancelled':
        return show(messageView(t.cancelledTitle, t.cancelledText, back(session.options.errorUrl)));
      default:
        return show(messageView(t.failedTitle, t.failedText, back(session.options.errorUrl)));
    }
  });

  app.post<Secret>(
    '/kyc/flow/:secret/consent',
    { schema: { hide: true, params: secretParams } },
    async (request, reply) => {
      const flow = await flowOr(request, reply);
      if (!flow) return reply;
      const form = await readForm(request);
      if (flow.session.step === 'consent' && form.fields.consent !== 'yes') {
        return flow.show(consentView(flow.view, { consent: flow.view.t.consentRequired }), 400);
      }
      await giveConsent(ctx, request.params.secret, flow.view.t);
      return again(reply, request.params.secret);
    },
  );

  app.post<Secret>(
    '/kyc/flow/:secret/code',
    { schema: { hide: true, params: secretParams } },
    async (request, reply) => {
      const flow = await flowOr(request, reply);
      if (!flow) return reply;
      const form = await readForm(request);
      const result = await checkCode(ctx.db, ctx.clock, request.params.secret, form.fields.code ?? '');
      if (result === 'failed' && flow.session.options.errorUrl)
        return reply.redirect(flow.session.options.errorUrl, 303);
      if (result !== undefined && typeof result === 'object') {
        const error = flow.view.t.codeWrong.replace('{left}', String(result.wrong));
        return flow.show(codeView(flow.view, { error }), 400);
      }
      return again(reply, request.params.secret);
    },
  );

  app.post<Secret>(
    '/kyc/flow/:secret/code/resend',
    { schema: { hide: true, params: secretParams } },
    async (request, reply) => {
      const flow = await flowOr(request, reply);
      if (!flow) return reply;
      await readForm(request);
      if (flow.session.step !== 'otp') return again(reply, request.params.secret);
      const sent = await sendCode(ctx, request.params.secret, flow.view.t);
      const notice = sent ? { info: flow.view.t.codeResent } : { error: flow.view.t.codeNoMoreSends };
      return flow.show(codeView(flow.view, notice), sent ? 200 : 429);
    },
  );

  app.post<Secret>(
    '/kyc/flow/:secret/document',
    { schema: { hide: true, params: secretParams } },
    async (request, reply) => {
      const flow = await flowOr(request, reply);
      if (!flow) return reply;
      const form = await readForm(request);
      if (flow.session.step !== 'document') return again(reply, request.params.secret);
      const step = documentStep(flow.session, form, flow.view.t);
      if (!isStep(step)) return flow.show(documentView(flow.view, step, form.fields), 400);
      const submitted = await submitDocument(ctx, request.params.secret, step);
      const successUrl = flow.session.options.successUrl;
      return submitted && successUrl ? reply.redirect(successUrl, 303) : again(reply, request.params.secret);
    },
  );

  app.post<Secret>(
    '/kyc/flow/:secret/cancel',
    { schema: { hide: true, params: secretParams } },
    async (request, reply) => {
      const flow = await flowOr(request, reply);
      if (!flow) return reply;
      await readForm(request);
      const cancelled = await cancelFlow(ctx.db, request.params.secret);
      const errorUrl = flow.session.options.errorUrl;
      return cancelled && errorUrl ? reply.redirect(errorUrl, 303) : again(reply, request.params.secret);
    },
  );
}
