import type { Static } from 'typebox';
import {
  type AccountRow,
  addRepresentative,
  ensureCustomerAccount,
  ensureOrganisationAccount,
  findHolderAccount,
  lockAccount,
  verificationStatusOf,
} from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { kycPageLanguages } from '../../catalogue/hosted-pages.js';
import { phoneRequiredCountries } from '../../catalogue/kyc-countries.js';
import { missingKycFields } from '../../catalogue/verification-profiles.js';
import { stateError } from '../../domain/errors.js';
import { pickLanguage } from '../../domain/hosted-look.js';
import { notOffered } from '../../providers/capabilities.js';
import type { Queryable } from '../../storage/db.js';
import { moveAccountVerification, publicAccountId } from '../../verification/verification.js';
import { clockOffsetMs } from '../../workspaces/clock.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { hasSubmission } from './repo.js';
import { findProfile, type Profile } from './repo-profiles.js';
import type { KycStartRequest, KycStartResponse } from './schema.js';
import { createSession } from './sessions.js';

type Request = Static<typeof KycStartRequest>;
type Response = Static<typeof KycStartResponse>;

/**
 * The organisation a representative acts for (KYB). `externalUserId` names the organisation: every email sent with
 * the same one joins it and shares its account. Someone already verifying as an individual cannot become one.
 */
async function organisationOf(
  tx: Queryable,
  workspaceId: string,
  person: AccountRow,
  externalUserId: string | undefined,
  nowMs: number,
): Promise<AccountRow> {
  const held = await findHolderAccount(tx, workspaceId, person.email ?? '');
  if (held && held.kind === 'organisation') {
    if (externalUserId !== undefined && held.external_id !== null && held.external_id !== externalUserId) {
      throw stateError(`${person.email} already represents another organisation (${held.external_id})`);
    }
    return held;
  }
  if (person.verification_status !== 'NOT_AVAILABLE') {
    throw stateError(
      `${person.email} has an individual verification (${person.verification_status}); it cannot become a business one`,
    );
  }
  const organisation = await ensureOrganisationAccount(tx, workspaceId, externalUserId, nowMs);
  await addRepresentative(tx, workspaceId, person.email, organisation.id, nowMs);
  return organisation;
}

async function holderFor(tx: Queryable, workspace: WorkspaceContext, body: Request, nowMs: number) {
  const created = await ensureCustomerAccount(tx, workspace.id, body.userEmail, nowMs);
  // Calls for one email take turns from here, so that whether it founds an organisation, joins one or stays an
  // individual is decided on what the previous call committed (else two first calls could found two organisations).
  const person = (await lockAccount(tx, created.id)) ?? created;
  if (body.type === 'BUSINESS')
    return { person, holder: await organisationOf(tx, workspace.id, person, body.externalUserId, nowMs) };
  const held = await findHolderAccount(tx, workspace.id, body.userEmail);
  if (held?.kind === 'organisation') {
    throw stateError(`${person.email} represents organisation ${held.id}; verify it with type BUSINESS`);
  }
  return { person, holder: person };
}

function missingFor(workspace: WorkspaceContext, profile: Profile, body: Request): string[] {
  const missing = missingKycFields(workspace.verificationProfile, profile);
  const needsPhone = phoneRequiredCountries.has(body.countryCode) && body.userPhone === undefined;
  if (needsPhone && profile.phone === undefined && !missing.includes('phone')) missing.push('phone');
  return missing;
}

const missingInfoOf = (missing: readonly string[]): Response['missingInfo'] =>
  Object.fromEntries(['firstName', 'lastName', 'phone'].filter((f) => missing.includes(f)).map((f) => [f, true]));

/** What starting a verification reads of the server. */
export type VerificationStarting = Pick<AppContext, 'db' | 'clock' | 'config' | 'capabilities'>;

/**
 * POST /v1/kyc. Creates the verification on first call (PENDING) and offers a fresh single-use kycUrl per call,
 * except while profile fields are missing, while a submission is being checked, and once decided. Safe to re-call.
 */
export async function startVerification(
  ctx: VerificationStarting,
  workspace: WorkspaceContext,
  body: Request,
): Promise<Response> {
  // The hosted verification hands the capture to a verification provider and, with sendOTPMail, mails a one-time
  // code: production offers each only when connected (providers/capabilities.ts), refused before anything is stored.
  if (!ctx.capabilities.verification) throw notOffered('Identity verification');
  if (body.sendOTPMail && !ctx.capabilities.mail) throw notOffered('Mailing the one-time code (sendOTPMail)');
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const { person, holder } = await holderFor(tx, workspace, body, nowMs);
    // Concurrent calls for one account take turns from here: the verification and its attempts change together.
    const current = (await verificationStatusOf(tx, holder.id, true)) ?? holder.verification_status;
    const profile = (await findProfile(tx, person.id)) ?? {};
    const { account } = await moveAccountVerification(
      tx,
      holder.id,
      current === 'NOT_AVAILABLE' ? 'PENDING' : current,
      nowMs,
    );
    const missingFields = missingFor(workspace, profile, body);
    const answer: Response = {
      success: true,
      status: account.verification_status,
      userEmail: person.email ?? body.userEmail,
      accountId: publicAccountId(account),
      missingInfo: missingInfoOf(missingFields),
      missingFields,
      ...(account.kyc_id ? { kycId: account.kyc_id } : {}),
    };
    if (missingFields.length > 0) {
      return { ...answer, errorMessage: 'Send the missing fields with POST /v1/kyc/data, then call again' };
    }
    if (account.verification_status === 'APPROVED') return answer;
    if (account.verification_status === 'REJECTED') {
      return { ...answer, errorMessage: 'The verification was rejected; contact support to review it' };
    }
    if (account.verification_status === 'REVIEWING' || (await hasSubmission(tx, holder.id))) {
      return { ...answer, errorMessage: 'The submission is being checked; no new attempt is needed' };
    }
    const { linkSecret } = await createSession(
      tx,
      {
        workspaceId: workspace.id,
        accountId: holder.id,
        email: person.email ?? body.userEmail,
        verificationType: holder.kind === 'organisation' ? 'KYB' : 'KYC',
        options: {
          language: pickLanguage(body.language, kycPageLanguages),
          theme: body.theme ?? 'dark',
          blank: body.blank ?? false,
          forceMobile: body.forceMobile ?? false,
          sendOTPMail: body.sendOTPMail,
          countryCode: body.countryCode,
          asksSector: profile.profession === undefined,
          ...(body.width ? { width: body.width } : {}),
          ...(body.height ? { height: body.height } : {}),
          ...(body.successUrl ? { successUrl: body.successUrl } : {}),
          ...(body.errorUrl ? { errorUrl: body.errorUrl } : {}),
          ...(body.userPhone ? { userPhone: body.userPhone } : {}),
          ...(body.externalUserId ? { externalUserId: body.externalUserId } : {}),
        },
      },
      nowMs,
      // The link's expiry runs on the workspace's clock (a stage test clock; docs/decisions/sandbox-and-simulator.md, "Sandbox helpers by id and the test clock").
      nowMs + (await clockOffsetMs(ctx, workspace.id, tx)),
    );
    return { ...answer, kycUrl: `${ctx.config.publicBaseUrl.replace(/\/$/, '')}/kyc/start/${linkSecret}` };
  });
}
