import { describe, expect, it } from 'vitest';
import { limits } from '../../limits.js';
import { redact, redacted } from '../audit/redaction.js';
import { maskedJsonText } from './mask.js';

// The masking of a body's text is redact's, member for member: whatever the document, the masked text reads back as
// redact(document). Method: documents written for each case redact distinguishes, then many drawn at random from the
// names redact masks and names it leaves alone, compact and indented.

const iban = 'DE89370400440532013000';

/** What redact makes of the document, as JSON reads it back. */
const expected = (document: unknown) => JSON.parse(JSON.stringify(redact(document)));

function holds(document: unknown) {
  for (const text of [JSON.stringify(document), JSON.stringify(document, null, 2)]) {
    expect(JSON.parse(maskedJsonText(text)), text).toEqual(expected(document));
  }
}

function nested(levels: number): unknown {
  let document: unknown = { iban };
  for (let i = 0; i < levels; i++) document = { level: i, inner: document };
  return document;
}

describe('maskedJsonText', () => {
  it('gives a document with nothing to mask back as it is, the very text', () => {
    const text = '{"depositId":"d1","status":"Pending","amount":25,"tags":["a","b"],"note":null,"ok":true}';
    expect(maskedJsonText(text)).toBe(text);
  });

  it.each<[string, unknown]>([
    ['an account number at any depth', { depositInfo: { iban, bic: 'COBADEFFXXX' }, list: [{ iban }, { iban: '' }] }],
    ['secrets of any value', { password: 'hunter2', accessToken: 'eyJ', webhookSecret: null, apiKey: 42, ok: 1 }],
    [
      'dates of birth, empty or null kept',
      { birthdate: '1980-05-15', dob: '', dateOfBirth: null, birthDate: 19800515 },
    ],
    ['an account number written as a number', { accountNumber: 12345678, clabe: '032180000118359719' }],
    ['a tax id as { number, country }', { userData: { taxId: { number: '52998224725', country: 'BR' } } }],
    ['an identity document', { document: { type: 'PASSPORT', number: 'P1234567' }, documentNumber: 'P1' }],
    ['a name written with escapes', JSON.parse(`{"ib\\u0061n":"${iban}","note":"x"}`)],
    ['strings that look like members', { note: 'a": "iban": "DE89', other: '\\"iban\\":', iban: 'x"y\\z' }],
    ['a sealed value where no name says so', { destination: { label: '$sealed:v2.abc.def.k1' } }],
    ['a document deeper than redact goes', nested(limits.auditRedactionDepthMax + 2)],
    ['a document just as deep as redact goes', nested(limits.auditRedactionDepthMax - 1)],
    ['an array at the top', [{ iban }, { status: 'x' }, 3, 'text']],
    ['a string at the top', 'DE89370400440532013000'],
    ['unicode', { name: 'João Ünïcødé ✓', iban: 'PT50 0002 0123 1234 5678 9015 4' }],
  ])('%s', (_, document) => {
    holds(document);
  });

  it('masks what the rule masks: the IBAN by its last four, a secret replaced', () => {
    const masked = JSON.parse(maskedJsonText(JSON.stringify({ a: { iban }, password: 'p' })));
    expect(masked).toEqual({ a: { iban: '****3000' }, password: redacted });
    // Member by member, without parsing the whole: the text keeps its own spacing.
    expect(maskedJsonText('{ "a": { "iban": "DE89370400440532013000" } }')).toBe('{ "a": { "iban": "****3000" } }');
  });

  it('throws on a text that is not JSON, when it has to parse it', () => {
    expect(() => maskedJsonText('<html>')).toThrow();
  });

  it('agrees with redact on documents drawn at random', () => {
    let seed = 20_261_128;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const names = [
      'iban',
      'accountNumber',
      'taxId',
      'birthdate',
      'password',
      'sessionId',
      'document',
      'country',
      'status',
      'amount',
      'note',
      'userData',
      'destinationTransferData',
      'items',
    ];
    const scalars = [iban, '', null, 0, 12_345_678, true, 'Ana "A" Silva', 'a\\b', '1980-05-15', 'ünï ✓'];
    const value = (depth: number): unknown => {
      const roll = random();
      if (depth > 4 || roll < 0.55) return pick(scalars);
      if (roll < 0.8)
        return Object.fromEntries(
          Array.from({ length: 1 + Math.floor(random() * 4) }, () => [pick(names), value(depth + 1)]),
        );
      return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
    };
    for (let i = 0; i < 500; i++) holds({ [pick(names)]: value(0), [pick(names)]: value(0) });
  });
});
