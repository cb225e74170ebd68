/** Who is screened: a person's or a business's names, with what else the partner knows. */
export interface ScreeningSubject {
  readonly entityType: 'INDIVIDUAL' | 'BUSINESS';
  /** The full name as one string: "First Middle Last" or the business name. */
  readonly name: string;
  /** ISO date (YYYY-MM-DD), individuals only. */
  readonly dateOfBirth?: string;
}

/** One list entry whose name (or one of whose aliases) scored at or above the threshold. */
export interface ListMatch {
  /** The list's name, e.g. OFAC_SDN. */
  readonly list: string;
  /** The entry's id on that list (OFAC's ent_num). */
  readonly entryId: string;
  /** The entry's primary name as listed. */
  readonly listedName: string;
  /** The listed name or alias that scored best. */
  readonly matchedName: string;
  readonly programs: readonly string[];
  /** 0 to 1, see name-match.ts. */
  readonly score: number;
  /** The "DOB ..." phrases of the entry, for the verdict and for the operator who reviews it. */
  readonly datesOfBirth: readonly string[];
}

/** Which list (and which import of it) a screening was run against. */
export interface ScreenedList {
  readonly list: string;
  /** The list's publication date, when known (ISO date). */
  readonly listDate: string | null;
  /** Unix ms of the import; null for the built-in sandbox list. */
  readonly importedAtMs: number | null;
}

export interface ScreeningResult {
  readonly matches: readonly ListMatch[];
  readonly lists: readonly ScreenedList[];
}

/**
 * A sanctions screening service. `screen` answers every entry at or above the provider's threshold, best first;
 * it throws ExternalServiceError when it has no list to screen against (an empty answer must mean "no match", never
 * "nothing was checked"). Called outside database transactions.
 */
export interface ScreeningProvider {
  screen(subject: ScreeningSubject): Promise<ScreeningResult>;
}
