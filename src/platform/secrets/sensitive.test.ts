import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretsKeyring } from './keyring.js';
import {
  holdsPlaintextSensitive,
  memberNameBefore,
  openForUse,
  openSensitiveText,
  sealedFieldPrefix,
  sealSensitive,
} from './sensitive.js';

// The rule for data at rest, field by field (docs/decisions/security-and-secrets.md, "Sensitive data at rest"): each
// row is a document as a partner sends it, the fields the rule seals, and the fields it leaves readable.
const keyring = SecretsKeyring.of(randomBytes(32));

const cases: readonly {
  readonly name: string;
  readonly document: Record<string, unknown>;
  readonly sealed: readonly string[];
  readonly readable: readonly string[];
}[] = [
  {
    name: 'a SEPA destination: the IBAN, not the name or the city',
    document: { type: 'SEPA', destinationName: 'Ana Silva', iban: 'DE89370400440532013000', city: 'Berlin' },
    sealed: ['iban'],
    readable: ['type', 'destinationName', 'city'],
  },
  {
    name: 'a mobile-money wallet: its phone stands for the account number',
    document: { destinationName: 'Wanjiru Kamau', destinationPhone: '+254712345678', destinationNetworkId: 'MPESA' },
    sealed: ['destinationPhone'],
    readable: ['destinationName', 'destinationNetworkId'],
  },
  {
    name: 'a Pago Móvil account: the phone and the cédula, not the bank code',
    document: { destinationPhone: '+584141234567', destinationBankCode: '0134', destinationTaxId: 'V-12345678' },
    sealed: ['destinationPhone', 'destinationTaxId'],
    readable: ['destinationBankCode'],
  },
  {
    name: 'a CLABE, a CCI, a PIX key and a Bre-B key',
    document: {
      destinationBankAccountNumber: '002010077777777771',
      destinationCCI: '00219400123456789012',
      destinationPixCode: 'ana@example.com',
      destinationBreBKey: '3001234567',
    },
    sealed: ['destinationBankAccountNumber', 'destinationCCI', 'destinationPixCode', 'destinationBreBKey'],
    readable: [],
  },
  {
    name: 'a party: the tax id and the birth date, not the email or the country',
    document: { firstName: 'Ana', userEmail: 'ana@example.com', country: 'PT', taxId: '123456789', dob: '1990-01-02' },
    sealed: ['taxId', 'dob'],
    readable: ['firstName', 'userEmail', 'country'],
  },
];

describe('sealing the sensitive fields of a stored document', () => {
  it.each(cases)('$name', ({ document, sealed, readable }) => {
    expect(holdsPlaintextSensitive(document)).toBe(sealed.length > 0);
    const stored = sealSensitive(keyring, document);
    for (const field of sealed) expect(String(stored[field]).startsWith(sealedFieldPrefix), field).toBe(true);
    for (const field of readable) expect(stored[field], field).toBe(document[field]);
    expect(holdsPlaintextSensitive(stored)).toBe(false);
    expect(JSON.stringify(stored)).not.toContain(String(document[sealed[0] ?? 'none'] ?? '\u0000'));
    expect(openForUse(keyring, stored)).toEqual(document);
  });
});

// Opening at the edge works on the answer's text (open-at-edge.ts): the same text with each sealed field's string
// replaced by its opened value's, whatever the layout, and nothing else touched.
describe('opening the sealed fields of JSON text', () => {
  const party = { firstName: 'Ana', taxId: '52998224725', dob: '1990-01-02' };
  const destination = { type: 'PIX_BR', destinationPixCode: 'ana@example.com', destinationTaxId: '52998224725' };
  const documents: readonly { readonly name: string; readonly value: unknown; readonly space?: number }[] = [
    { name: 'an order-like object', value: { orderId: 'o', userData: party, destinationTransferData: destination } },
    { name: 'a page of them', value: { data: [{ userData: party }, { userData: party }], page: 1 } },
    {
      name: 'indented, with a quote and a backslash around the fields',
      value: { 'a"\\b': 'x"', userData: party },
      space: 2,
    },
    { name: 'an array of sealed leaves', value: { documentNumber: ['X1', 'X2'], note: '$sealed: not a value' } },
  ];
  it.each(documents)('$name', ({ value, space }) => {
    const sealedText = JSON.stringify(sealSensitive(keyring, value), null, space);
    expect(sealedText).toContain(`"${sealedFieldPrefix}`);
    expect(openSensitiveText(keyring, sealedText)).toBe(JSON.stringify(value, null, space));
  });

  const sealedValue = (sealSensitive(keyring, { taxId: '1' }) as { taxId: string }).taxId;
  const untouched: readonly { readonly name: string; readonly text: string }[] = [
    { name: 'no sealed field', text: '{"taxId":"52998224725"}' },
    { name: 'the prefix with another shape', text: `{"a":"${sealedFieldPrefix}v3.x","b":"${sealedFieldPrefix}"}` },
    { name: 'the prefix inside a longer string', text: `{"a":"x ${sealedFieldPrefix}v2.abc"}` },
    { name: 'an escaped quote inside the value', text: `{"a":"${sealedFieldPrefix}v2.ab\\"c"}` },
  ];
  it.each(untouched)('leaves $name as it is', ({ text }) => {
    expect(openSensitiveText(keyring, text)).toBe(text);
  });
  it('opens a field that follows one left as it is', () => {
    const text = `["${sealedFieldPrefix}v9",${JSON.stringify(sealedValue)}]`;
    expect(openSensitiveText(keyring, text)).toBe(`["${sealedFieldPrefix}v9","1"]`);
  });

  const names: readonly { readonly text: string; readonly name: string | undefined }[] = [
    { text: '{"taxId":"V"}', name: 'taxId' },
    { text: '{ "taxId" :  "V"}', name: 'taxId' },
    { text: '{"ta\\"x":"V"}', name: 'ta\\"x' },
    { text: '{"a\\\\":"V"}', name: 'a\\\\' },
    { text: '["x","V"]', name: undefined },
    { text: '"V"', name: undefined },
    { text: '{"a":"b", "V"}', name: undefined },
  ];
  it.each(names)('names the member of $text', ({ text, name }) => {
    expect(memberNameBefore(text, text.lastIndexOf('"V"'))).toBe(name);
  });
});
