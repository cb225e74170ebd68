// MT940 field 86 ("information to account owner") is free text, but banks write it in one of two conventions that
// carry the SEPA data of a transaction:
//   SWIFT / Dutch banks: keywords between slashes, "/EREF/E2E-1//CNTP/NL91ABNA0417164300/ABNANL2A/J. JANSEN//REMI/..."
//     (a value may contain "//" where a keyword's sub-fields are empty), "/RTRN/AC04/" for a return reason;
//   German banks (DFÜ-Abkommen): sub-fields "?20".."?29" for the remittance with SEPA keys "EREF+", "SVWZ+", and
//     "?31" the counterparty's IBAN, "?32"/"?33" its name.
// Only these are read; anything else stays in the text, which the importer searches for an RF reference.

export interface Field86Data {
  readonly endToEndId: string | null;
  readonly returnReasonCode: string | null;
  readonly counterpartyName: string | null;
  readonly counterpartyIban: string | null;
}

// The keywords a value ends at: SWIFT's, and those Dutch banks write for a SEPA transaction (ING, Rabobank, ABN AMRO:
// /TRTP/ /IBAN/ /BIC/ /NAME/ /ADDR/ /ISDT/ /PURP/ /CDTRREFTP/ /CDTRREF/). Without the latter an end-to-end id ran on
// into "/IBAN/…/NAME/…", and a payout named by it was not found.
const SWIFT_KEYWORDS = [
  'EREF',
  'CNTP',
  'REMI',
  'RTRN',
  'MARF',
  'CSID',
  'BENM',
  'ORDP',
  'PREF',
  'IREF',
  'ULTC',
  'ULTD',
  'TRTP',
  'IBAN',
  'BIC',
  'NAME',
  'ADDR',
  'ISDT',
  'PURP',
  'CDTRREFTP',
  'CDTRREF',
];

/** The value of a "/KEY/value/" keyword: up to the next "/KEYWORD/" or the end. */
function swiftValue(text: string, key: string): string | null {
  const start = text.indexOf(`/${key}/`);
  if (start < 0) return null;
  const rest = text.slice(start + key.length + 2);
  const next = new RegExp(`/(?:${SWIFT_KEYWORDS.join('|')})/`).exec(rest);
  const value = (next ? rest.slice(0, next.index) : rest).replace(/\/+$/, '').trim();
  return value === '' ? null : value;
}

/** German sub-fields: "?32" → its text, several "?2x" joined in order. */
function germanSubfields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const match of text.matchAll(/\?(\d{2})([^?]*)/g)) {
    const [, code = '', value = ''] = match;
    fields.set(code, `${fields.get(code) ?? ''}${value}`);
  }
  return fields;
}

const notProvided = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' || value.trim().toUpperCase() === 'NOTPROVIDED'
    ? null
    : value.trim();

export function readField86(text: string): Field86Data {
  if (/^\d{3}\?\d{2}/.test(text) || text.startsWith('?')) {
    const fields = germanSubfields(text);
    const remittance = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29].map((n) => fields.get(String(n)) ?? '').join('');
    const endToEnd = /EREF\+(.*?)(?=(?:KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE)\+|$)/.exec(remittance)?.[1];
    const name = `${fields.get('32') ?? ''}${fields.get('33') ?? ''}`;
    return {
      endToEndId: notProvided(endToEnd),
      returnReasonCode: null,
      counterpartyName: notProvided(name),
      counterpartyIban: notProvided(fields.get('31')),
    };
  }
  const counterparty = swiftValue(text, 'CNTP')?.split('/') ?? [];
  return {
    endToEndId: notProvided(swiftValue(text, 'EREF')),
    returnReasonCode: notProvided(swiftValue(text, 'RTRN')?.split('/')[0]),
    counterpartyName: notProvided(counterparty[2]),
    counterpartyIban: notProvided(counterparty[0]),
  };
}
