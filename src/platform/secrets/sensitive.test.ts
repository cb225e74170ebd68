import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretsKeyring } from './keyring.js';
import { holdsPlaintextSensitive, openForUse, sealedFieldPrefix, sealSensitive } from './sensitive.js';

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
