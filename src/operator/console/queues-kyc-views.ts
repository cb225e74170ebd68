import { esc } from '../../domain/html.js';
import type { Profile } from '../../resources/kyc/repo-profiles.js';
import {
  type ComparedField,
  type Comparison,
  compare,
  maskNumber,
  type Sector,
  sectorOf,
  sentDocument,
  type TypedDocument,
} from '../../resources/kyc/review.js';

// What the Manual KYC review shows of one verification (issue #27): the KYC profile the partner sent (POST
// /v1/kyc/data) in words, with readable dates, countries by name and the activity sector by its catalogue name;
// what the customer typed on the document form; and, side by side, where the two disagree. Identity numbers are
// shown whole: these parts are rendered only for the roles that may decide, who see the image anyway.

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** An ISO date as people read it ("12 April 1990"); anything else as it is. */
export function readableDay(value: string | undefined): string | undefined {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? value : dayFormat.format(day);
}

/** A country by its English name and code ("Portugal (PT)"). */
export function countryName(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  try {
    const name = countryNames.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const labels = {
  documentType: { idcard: 'Identity card', passport: 'Passport', drivinglicense: 'Driving licence', visa: 'Visa' },
  employmentStatus: {
    employed: 'Employed',
    selfEmployed: 'Self-employed',
    businessOwner: 'Business owner',
    unemployed: 'Unemployed',
    student: 'Student',
    retired: 'Retired',
    others: 'Other',
  },
  fundsOrigin: {
    salary: 'Salary',
    incomes: 'Other income',
    investments: 'Investments',
    pensions: 'Pensions',
    donations: 'Donations',
    propertiesSell: 'Sale of property',
    others: 'Other',
  },
  accountPurpose: {
    savings: 'Savings',
    currencyExchange: 'Currency exchange',
    investment: 'Investment',
    trading: 'Trading',
    cryptocurrencyPayments: 'Cryptocurrency payments',
  },
  gender: { male: 'Male', female: 'Female', 'N/D': 'Not declared' },
  pepDeclaration: {
    no: 'Not a politically exposed person',
    yes: 'A politically exposed person',
    family: 'A family member of a politically exposed person',
    related: 'A close associate of a politically exposed person',
  },
} as const satisfies Record<string, Record<string, string>>;

function labelled(kind: keyof typeof labels, value: unknown): string | undefined {
  const raw = str(value);
  if (raw === undefined) return undefined;
  return (labels[kind] as Record<string, string>)[raw] ?? raw;
}

export function sectorText(sector: Sector | undefined): string | undefined {
  if (sector === undefined) return undefined;
  return `${sector.name ?? 'Not in the catalogue'} (${sector.code})`;
}

const notSent = '<span class="muted">Not sent</span>';
const cellText = (value: string | undefined, missing = notSent) => (value === undefined ? missing : esc(value));

export function personName(profile: Profile): string | undefined {
  const name = [str(profile.firstName), str(profile.lastName)].filter(Boolean).join(' ');
  return name === '' ? undefined : name;
}

function addressText(address: Record<string, unknown>): string {
  return [
    address.street,
    [address.zip, address.city].filter(str).join(' '),
    address.state,
    countryName(str(address.country)),
  ]
    .map(str)
    .filter(Boolean)
    .join(', ');
}

/** Label and value pairs as a two-column table (an item's page). */
const fieldTable = (caption: string, rows: readonly (readonly [string, string])[]) =>
  `<div class="table-wrap"><table>
<caption class="muted">${esc(caption)}</caption>
<tbody>
${rows.map(([term, html]) => `<tr><th scope="row">${esc(term)}</th><td>${html}</td></tr>`).join('\n')}
</tbody></table></div>`;

/** Label and value pairs as short lines (a queue row's cell). */
const fieldLines = (rows: readonly (readonly [string, string])[]) =>
  rows.map(([term, html]) => `<span class="muted">${esc(term)}:</span> ${html}`).join('<br>');

/** The few fields a queue row shows: name, birth date, nationality, activity sector. */
export function profileSummary(profile: Profile, typed: TypedDocument | undefined): string {
  return fieldLines([
    ['Name', cellText(personName(profile))],
    ['Born', cellText(readableDay(str(profile.birthdate)))],
    ['Nationality', cellText(countryName(str(profile.nationality)))],
    ['Activity sector', cellText(sectorText(sectorOf(profile, typed)))],
  ]);
}

/**
 * Every field of the profile the partner sent, in words. `wholeNumbers`: the identity numbers (document, tax id)
 * whole, for the roles that may decide; the others read them masked but for the last 4, as the operator API lists them.
 */
export function profileDetails(profile: Profile, typed: TypedDocument | undefined, wholeNumbers: boolean): string {
  const numberText = (value: string | undefined) =>
    value === undefined ? '' : wholeNumbers ? value : maskNumber(value);
  const sector = sectorOf(profile, typed);
  const addresses = Array.isArray(profile.addresses) ? (profile.addresses as Record<string, unknown>[]) : [];
  const estimation = profile.depositEstimation as { minimum?: number; maximum?: number } | undefined;
  const document = sentDocument(profile);
  const taxId = profile.taxId as { number?: string; country?: string } | undefined;
  const fundsReason = str(profile.fundsOriginOthersReason);
  const number = new Intl.NumberFormat('en-GB');
  return fieldTable('Every field of the KYC profile the partner sent (POST /v1/kyc/data)', [
    ['Name', cellText(personName(profile))],
    ['Birth date', cellText(readableDay(str(profile.birthdate)))],
    ['Birth country', cellText(countryName(str(profile.birthCountry)))],
    ['Nationality', cellText(countryName(str(profile.nationality)))],
    ['Gender', cellText(labelled('gender', profile.gender))],
    ['Phone', cellText(str(profile.phone))],
    [
      addresses.length > 1 ? 'Addresses' : 'Address',
      addresses.length === 0 ? notSent : addresses.map((a) => esc(addressText(a))).join('<br>'),
    ],
    ['Employment', cellText(labelled('employmentStatus', profile.employmentStatus))],
    [
      'Activity sector',
      sector === undefined
        ? notSent
        : `${esc(sectorText(sector) ?? '')} <span class="muted">${esc(sector.declaredBy === 'customer' ? 'picked by the customer on the page' : 'sent by the partner')}</span>`,
    ],
    [
      'Source of funds',
      cellText(
        [labelled('fundsOrigin', profile.fundsOrigin), fundsReason].filter((v) => v !== undefined).join(': ') ||
          undefined,
      ),
    ],
    ['Account purpose', cellText(labelled('accountPurpose', profile.accountPurpose))],
    [
      'Expected deposits',
      cellText(
        estimation?.minimum === undefined || estimation.maximum === undefined
          ? undefined
          : `${number.format(estimation.minimum)} to ${number.format(estimation.maximum)}`,
      ),
    ],
    [
      'Identity document',
      cellText(
        document === undefined
          ? undefined
          : `${labelled('documentType', document.type) ?? ''} ${numberText(document.id)}, issued by ${countryName(document.issuingCountry) ?? '—'}, expires ${readableDay(document.expiryDate) ?? '—'}`,
      ),
    ],
    [
      'Tax id',
      cellText(taxId === undefined ? undefined : `${numberText(taxId.number)} (${countryName(taxId.country) ?? '—'})`),
    ],
    ['PEP declaration', cellText(labelled('pepDeclaration', profile.pepDeclaration), 'Not declared')],
  ]);
}

/** What the customer typed on the document form: lines in a queue row, a table on an item's page. */
export function typedDetails(typed: TypedDocument, layout: 'lines' | 'table'): string {
  const organisation = typed.organisation;
  const rows: (readonly [string, string])[] = [
    ...(organisation
      ? ([
          [
            'Organisation',
            cellText(`${organisation.legalName ?? '—'} (${organisation.registrationNumber ?? '—'})`, '—'),
          ],
        ] as const)
      : []),
    ['Document', cellText(`${labelled('documentType', typed.type) ?? '—'} ${typed.number ?? '—'}`, '—')],
    ['Expires', cellText(readableDay(typed.expiryDate), '—')],
    ['Issued by', cellText(countryName(typed.issuingCountry), '—')],
  ];
  return layout === 'lines' ? fieldLines(rows) : fieldTable('What the customer typed on the document form', rows);
}

const fieldNames: Readonly<Record<ComparedField, string>> = {
  documentType: 'Document type',
  documentNumber: 'Document number',
  expiryDate: 'Expiry date',
  issuingCountry: 'Issuing country',
  sector: 'Activity sector',
};

function shown(field: ComparedField, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (field === 'documentType') return labelled('documentType', value);
  if (field === 'expiryDate') return readableDay(value);
  if (field === 'issuingCountry') return countryName(value);
  if (field === 'sector') return sectorText(sectorOf({ profession: value }, undefined));
  return value;
}

/** "Differs from the profile: expiry date." in words, or undefined when nothing compared differs. */
export function mismatchText(comparisons: readonly Comparison[]): string | undefined {
  const differing = comparisons.filter((c) => c.result === 'differs');
  if (differing.length === 0) return undefined;
  const list = differing.map((c) => fieldNames[c.field].toLowerCase()).join(', ');
  return `Differs from the partner's profile: ${list}.`;
}

/** The short verdict of a queue row: what differs, or that what can be compared agrees. */
export function checksSummary(profile: Profile, typed: TypedDocument | undefined): string {
  if (typed === undefined) return '<span class="muted">No submission through the hosted page</span>';
  const comparisons = compare(profile, typed);
  const differs = mismatchText(comparisons);
  if (differs !== undefined) return `<strong class="flag">${esc(differs)}</strong>`;
  const compared = comparisons.some((c) => c.result !== 'unknown');
  return `<span class="muted">${compared ? 'Agrees with the partner’s profile where both have a value.' : 'Nothing typed that the profile also has.'}</span>`;
}

const verdict = (c: Comparison) =>
  c.result === 'same'
    ? 'Same'
    : c.result === 'differs'
      ? '<strong class="flag">Differs</strong>'
      : '<span class="muted">Not compared: one side is missing</span>';

/**
 * The side-by-side table of an item: the name and birth date (read on the image: the form does not ask them), then
 * each field both sides can carry, with the verdict of an exact comparison (case, spaces and accents ignored).
 */
export function comparisonTable(profile: Profile, typed: TypedDocument): string {
  const eye = '<span class="muted">On the image only</span>';
  const byEye = 'Compare with the image';
  const rows = [
    ['Name', cellText(personName(profile)), eye, byEye],
    ['Birth date', cellText(readableDay(str(profile.birthdate))), eye, byEye],
    ...compare(profile, typed).map((c) => [
      fieldNames[c.field],
      cellText(shown(c.field, c.sent)),
      cellText(shown(c.field, c.typed), '<span class="muted">Not asked</span>'),
      verdict(c),
    ]),
  ];
  const head = ['Field', 'KYC profile (sent by the partner)', 'Document form (typed by the customer)', 'Comparison'];
  return `<p class="muted">The partner's profile beside the document form; the comparison ignores case, spaces and accents. It informs: you decide.</p>
<div class="table-wrap"><table class="cards" aria-labelledby="side-by-side">
<thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows
  .map(
    ([field, sent, typedHtml, result]) =>
      `<tr><th scope="row" data-label="${esc(head[0] ?? '')}">${esc(field ?? '')}</th><td data-label="${esc(head[1] ?? '')}">${sent}</td><td data-label="${esc(head[2] ?? '')}">${typedHtml}</td><td data-label="${esc(head[3] ?? '')}">${result}</td></tr>`,
  )
  .join('\n')}
</tbody></table></div>`;
}
