// The verification state machine. The spec names six states and leaves the permitted moves open; ours is one path
// forward, NOT_AVAILABLE → PENDING → IN_PROGRESS → REVIEWING, ending in APPROVED or REJECTED, which are terminal.

export const kycStatuses = ['NOT_AVAILABLE', 'PENDING', 'IN_PROGRESS', 'REVIEWING', 'APPROVED', 'REJECTED'] as const;
export type KycStatus = (typeof kycStatuses)[number];

const path: readonly KycStatus[] = ['NOT_AVAILABLE', 'PENDING', 'IN_PROGRESS', 'REVIEWING'];
export const terminalKycStatuses: ReadonlySet<KycStatus> = new Set(['APPROVED', 'REJECTED']);

export interface KycStep {
  readonly from: KycStatus;
  readonly to: KycStatus;
}

export type KycRoute = { ok: true; steps: KycStep[] } | { ok: false; reason: string };

/** The steps from `from` to `to` along the permitted path; no steps when already there. */
export function kycRoute(from: KycStatus, to: KycStatus): KycRoute {
  if (from === to) return { ok: true, steps: [] };
  if (terminalKycStatuses.has(from)) return { ok: false, reason: `verification is ${from}, a final state` };
  if (to === 'NOT_AVAILABLE') return { ok: false, reason: 'a verification cannot return to NOT_AVAILABLE' };
  const start = path.indexOf(from);
  const end = terminalKycStatuses.has(to) ? path.length - 1 : path.indexOf(to);
  if (end < start) return { ok: false, reason: `verification cannot move back from ${from} to ${to}` };
  const stops = [...path.slice(start, end + 1), ...(terminalKycStatuses.has(to) ? [to] : [])];
  return { ok: true, steps: stops.slice(1).map((status, i) => ({ from: stops[i] as KycStatus, to: status })) };
}
