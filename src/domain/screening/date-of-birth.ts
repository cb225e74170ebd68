// Dates of birth as OFAC's SDN list writes them in its remarks ("DOB 10 Dec 1948", "DOB Dec 1948", "DOB 1948",
// "DOB circa 1948", "DOB 1946 to 1950"), compared with the ISO date a partner sends. A listed date says only as
// much as it writes: a year alone agrees with every date of that year.

export interface ListedDate {
  readonly fromYear: number;
  readonly toYear: number;
  /** 1 to 12, when written. */
  readonly month?: number;
  /** 1 to 31, when written (always with a month). */
  readonly day?: number;
}

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** "circa" widens a year by this much either way: OFAC uses it for an estimate, not a range. */
const circaYears = 1;

/** A month written in full or as its first three letters ("Dec", "December"; OFAC also writes "Sept"). */
const monthOf = (word: string): number | undefined => {
  const lower = word.toLowerCase();
  const index = months.findIndex(
    (m) => m === lower || m.slice(0, 3) === lower || (lower === 'sept' && m === 'september'),
  );
  return index < 0 ? undefined : index + 1;
};

/** One listed date phrase; undefined for a form this reader does not know (it then neither confirms nor clears). */
export function parseListedDate(phrase: string): ListedDate | undefined {
  const text = phrase.trim().replace(/\.$/, '');
  let m = /^(\d{1,2}) ([A-Za-z]{3,9}) (\d{4})$/.exec(text);
  if (m) {
    const month = monthOf(m[2] as string);
    const year = Number(m[3]);
    return month === undefined ? undefined : { fromYear: year, toYear: year, month, day: Number(m[1]) };
  }
  // Before the month-and-year form, which "circa 1948" would also fit.
  m = /^circa (\d{4})$/i.exec(text);
  if (m) return { fromYear: Number(m[1]) - circaYears, toYear: Number(m[1]) + circaYears };
  m = /^([A-Za-z]{3,9}) (\d{4})$/.exec(text);
  if (m) {
    const month = monthOf(m[1] as string);
    const year = Number(m[2]);
    return month === undefined ? undefined : { fromYear: year, toYear: year, month };
  }
  m = /^(\d{4})$/.exec(text);
  if (m) return { fromYear: Number(m[1]), toYear: Number(m[1]) };
  m = /^(\d{4}) to (\d{4})$/.exec(text);
  if (m) return { fromYear: Number(m[1]), toYear: Number(m[2]) };
  return undefined;
}

/** The "DOB ..." phrases of an SDN remarks field, in order ("DOB 1 Jan 1960; POB Baghdad" gives "1 Jan 1960"). */
export function datesOfBirthIn(remarks: string): string[] {
  return [...remarks.matchAll(/\bDOB ([^;]+)/g)].map((m) => (m[1] as string).trim().replace(/\.$/, ''));
}

/** An ISO calendar date (YYYY-MM-DD) that exists; undefined otherwise. */
export function isoDate(value: string): { year: number; month: number; day: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Whether a listed date could be the given one. */
export function agrees(listed: ListedDate, given: { year: number; month: number; day: number }): boolean {
  if (given.year < listed.fromYear || given.year > listed.toYear) return false;
  if (listed.month !== undefined && listed.month !== given.month) return false;
  return listed.day === undefined || listed.day === given.day;
}

/** Whether a listed date is exactly the given one: a full day, month and year, all equal. */
export function sameDay(listed: ListedDate, given: { year: number; month: number; day: number }): boolean {
  return listed.day !== undefined && agrees(listed, given);
}
