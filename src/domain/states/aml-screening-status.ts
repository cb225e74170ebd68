// AML screening statuses (the spec names the resource only; issue 11 names these four):
//   CLEAR            no listed name scored at or above the threshold
//   POTENTIAL_MATCH  a listed name scored at or above it and nothing settled it: an operator decides
//   CONFIRMED_MATCH  the same party as a list entry (exact name and date of birth, or an operator's decision);
//                    while it stands, the screened account's money does not move (resources/aml-screenings/gate.ts)
//   FALSE_POSITIVE   a similar name but not the listed party (dates of birth disagree, or an operator's decision)
// Only a POTENTIAL_MATCH moves, and only once: CONFIRMED_MATCH and FALSE_POSITIVE are final. Lifting a confirmed
// match is a matter for a delisting and a new screening, not an edit of the old one.

export const amlScreeningStatuses = ['CLEAR', 'POTENTIAL_MATCH', 'CONFIRMED_MATCH', 'FALSE_POSITIVE'] as const;
export type AmlScreeningStatus = (typeof amlScreeningStatuses)[number];

export const amlResolutions = ['CONFIRMED_MATCH', 'FALSE_POSITIVE'] as const;
export type AmlResolution = (typeof amlResolutions)[number];

export type Resolved =
  | { readonly ok: true; readonly status: AmlResolution }
  | { readonly ok: false; readonly reason: string };

/** An operator's resolution of a screening in status `from`. */
export function resolveScreening(from: AmlScreeningStatus, to: AmlResolution): Resolved {
  if (from !== 'POTENTIAL_MATCH') {
    return { ok: false, reason: `the screening is ${from}; only a POTENTIAL_MATCH is resolved` };
  }
  return { ok: true, status: to };
}
