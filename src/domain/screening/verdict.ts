import type { AmlScreeningStatus } from '../states/aml-screening-status.js';
import { agrees, isoDate, type ListedDate, parseListedDate, sameDay } from './date-of-birth.js';

// The status a screening starts in, from the candidates the matcher found at or above its threshold. Names alone
// only ever raise a POTENTIAL_MATCH; a date of birth settles it either way, as screening teams do with secondary
// identifiers:
//   - no candidate                                                              CLEAR
//   - a candidate whose whole name is the screened name (score 1) and one of
//     whose listed dates of birth is the screened date, day for day            CONFIRMED_MATCH
//   - every candidate lists at least one date of birth we can read, and none
//     of them agrees with the screened date                                    FALSE_POSITIVE
//   - otherwise (no date given, a candidate without a readable date, a date
//     that agrees only partly, a name that is close but not equal)            POTENTIAL_MATCH
// A business has no date of birth, so its candidates always wait for an operator.

export interface Candidate {
  readonly score: number;
  /** The "DOB ..." phrases of the entry, as listed. */
  readonly datesOfBirth: readonly string[];
}

export function verdictOf(candidates: readonly Candidate[], dateOfBirth: string | undefined): AmlScreeningStatus {
  if (candidates.length === 0) return 'CLEAR';
  const given = dateOfBirth === undefined ? undefined : isoDate(dateOfBirth);
  if (given === undefined) return 'POTENTIAL_MATCH';
  const readable = (c: Candidate) =>
    c.datesOfBirth.map(parseListedDate).filter((d): d is ListedDate => d !== undefined);
  if (candidates.some((c) => c.score >= 1 && readable(c).some((d) => sameDay(d, given)))) return 'CONFIRMED_MATCH';
  const discounted = (c: Candidate) => {
    const dates = readable(c);
    return dates.length > 0 && !dates.some((d) => agrees(d, given));
  };
  return candidates.every(discounted) ? 'FALSE_POSITIVE' : 'POTENTIAL_MATCH';
}
