import type { Static } from 'typebox';
import { type VerificationProfile, verificationProfileNames } from '../../catalogue/verification-profiles.js';
import { isPartnerUserRole, type PartnerUserRole } from '../../domain/partner-users/permissions.js';
import { limits } from '../../limits.js';
import { InvitePartnerUserBody } from '../../partner-users/schema.js';
import { compileValidator } from '../../platform/ajv.js';
import type { UpdateWorkspaceBody, Workspace } from '../api/schema.js';

// The workspace settings form of the console, read into the body of PATCH /admin/v1/workspaces/{id}
// (admin/schema.ts UpdateWorkspaceBody), holding only what the operator changed: the use case and the audit record
// then see the same change the API would. Pairs are checked against the catalogue by the use case itself. The
// rotation's overlap and a dashboard user's invitation are read the same way, into their API bodies.

type Patch = Static<typeof UpdateWorkspaceBody>;
type WorkspaceOut = Static<typeof Workspace>;

/** What the form posts (every field a string; see workspaces-views.ts). */
export type SettingsForm = (name: string) => string;

const pairPattern = /^[A-Z]{3,5}\/[A-Z]{3,5}$/;

/** The pairs of the field, separated by commas or spaces; blank means every supported pair. */
function pairsOf(text: string): string[] | null {
  const pairs = text
    .split(/[\s,]+/)
    .map((p) => p.trim().toUpperCase())
    .filter((p) => p !== '');
  return pairs.length === 0 ? null : [...new Set(pairs)];
}

/** An integer written by a person, within bounds; undefined when it is not one. */
function integerOf(text: string, max: number): number | undefined {
  if (!/^\d{1,7}$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value <= max ? value : undefined;
}

/** Fee overrides, "PAIR BPS" (or "PAIR=BPS"), separated by commas or lines. */
function feePairsOf(text: string): Record<string, number> | string {
  const pairs: Record<string, number> = {};
  for (const line of text.split(/[,\n]/)) {
    if (line.trim() === '') continue;
    const [pair = '', bps = '', extra] = line
      .trim()
      .toUpperCase()
      .split(/[\s=:]+/);
    const value = integerOf(bps, limits.feeMaxBps);
    if (!pairPattern.test(pair) || value === undefined || extra !== undefined) {
      return `Write each fee override as a pair and basis points from 0 to ${limits.feeMaxBps}, such as "EUR/BRL 40".`;
    }
    pairs[pair] = value;
  }
  return pairs;
}

const yes = (text: string) => text === 'yes';
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortedKeys = (record: Readonly<Record<string, number>>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** The change the form asks for, against the workspace as it is, or the first thing in it that cannot be read. */
export function settingsPatch(field: SettingsForm, current: WorkspaceOut): { patch: Patch } | { error: string } {
  const patch: Patch = {};
  const enabled = yes(field('enabled'));
  if (enabled !== current.enabled) patch.enabled = enabled;
  const simulation = yes(field('simulation'));
  if (simulation !== current.simulation) patch.simulation = simulation;
  const readThrottleLifted = yes(field('readThrottleLifted'));
  if (readThrottleLifted !== current.readThrottleLifted) patch.readThrottleLifted = readThrottleLifted;

  const profile = field('verificationProfile');
  if (!(verificationProfileNames as readonly string[]).includes(profile))
    return { error: 'Choose a verification profile.' };
  if (profile !== current.verificationProfile) patch.verificationProfile = profile as VerificationProfile;

  const pairs = pairsOf(field('enabledPairs'));
  const badPair = pairs?.find((p) => !pairPattern.test(p));
  if (badPair !== undefined) return { error: `"${badPair}" is not a pair: write pairs such as EUR/BRL.` };
  if (!sameJson(pairs === null ? null : [...pairs].sort(), current.enabledPairs && [...current.enabledPairs].sort())) {
    patch.enabledPairs = pairs;
  }

  const limitText = field('writeLimitPerMinute').trim();
  const writeLimit = limitText === '' ? null : integerOf(limitText, limits.writeRateLimitMaxPerMinute);
  if (writeLimit === undefined || writeLimit === 0) {
    return {
      error: `The write limit is a whole number of writes a minute from 1 to ${limits.writeRateLimitMaxPerMinute}, or blank.`,
    };
  }
  if (writeLimit !== current.writeLimitPerMinute) patch.writeLimitPerMinute = writeLimit;

  const defaultBps = integerOf(field('defaultBps'), limits.feeMaxBps);
  if (defaultBps === undefined) return { error: `The default fee is basis points from 0 to ${limits.feeMaxBps}.` };
  const feePairs = feePairsOf(field('feePairs'));
  if (typeof feePairs === 'string') return { error: feePairs };
  const feeSchedule = { defaultBps, pairs: sortedKeys(feePairs) };
  if (
    !sameJson(feeSchedule, { defaultBps: current.feeSchedule.defaultBps, pairs: sortedKeys(current.feeSchedule.pairs) })
  ) {
    patch.feeSchedule = feeSchedule;
  }
  return { patch };
}

/**
 * The overlap the rotation form asks for, as the body of POST /admin/v1/workspaces/{id}/rotate-credentials reads it
 * (RotateCredentialsBody): whole seconds from 0 to the maximum; blank is the API's default.
 */
export function overlapOf(text: string): { overlapSeconds: number | undefined } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { overlapSeconds: undefined };
  const max = limits.credentialOverlapMaxSeconds;
  const value = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : undefined;
  if (value === undefined || value > max) {
    return { error: `The overlap is a whole number of seconds from 0 to ${max}.` };
  }
  return { overlapSeconds: value };
}

const invitationBody = compileValidator(InvitePartnerUserBody, 'json');

/**
 * The dashboard user the invitation form asks for, checked by the schema of the body of POST
 * /admin/v1/workspaces/{id}/dashboard-users (partner-users/schema.ts InvitePartnerUserBody): an address the API
 * refuses is refused here too.
 */
export function invitationOf(
  emailText: string,
  roleText: string,
): { invitation: { email: string; role: PartnerUserRole } } | { error: string } {
  const email = emailText.trim();
  if (!isPartnerUserRole(roleText)) return { error: 'Choose a role: viewer, developer or admin.' };
  const invitation = { email, role: roleText };
  if (!invitationBody(invitation)) return { error: 'Enter the email address of the person to invite.' };
  return { invitation };
}
