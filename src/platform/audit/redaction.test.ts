import { describe, expect, it } from 'vitest';
import { redact, redacted, redactedMember } from './redaction.js';

// The net under each operation's explicit shape: secrets by field name, account identifiers as the masked reads show.
describe('redact', () => {
  it.each([
    ['password', 'hunter2'],
    ['passwordHash', 'scrypt$16384$…'],
    ['password_hash', 'scrypt$16384$…'],
    ['token', 'eyJhbGciOi…'],
    ['accessToken', 'eyJhbGciOi…'],
    ['secret', 'whsec_abc'],
    ['webhookSecret', 'whsec_abc'],
    ['totpSecret', 'JBSWY3DPEHPK3PXP'],
    ['otpauth', 'otpauth://totp/…'],
    ['content', 'JVBERi0xLjQ='],
    ['fileContent', '<Document>…'],
    ['sdnCsv', '36,"AEROCARIBBEAN AIRLINES"…'],
    ['credentials', { password: 'x' }],
  ])('%s is replaced', (key, value) => {
    expect(redact({ key: 'kept', [key]: value })).toEqual({ key: 'kept', [key]: redacted });
  });

  it('keeps what names no secret: versions, digests, statuses, nested objects and arrays', () => {
    const shape = { credentialVersion: 2, sha256: 'ab'.repeat(32), status: 'Received', list: [{ amount: 5 }] };
    expect(redact(shape)).toEqual(shape);
  });

  it('masks account identifiers at any depth as the masked reads do: the last four', () => {
    expect(
      redact({
        account: 'DE89370400440532013000',
        counterparty: { name: 'Ana', iban: 'PT50 0002 0123 1234 5678 9015 4' },
        destination: { accountNumber: '123456789', destinationTaxId: '52998224725' },
        users: [{ taxId: '12345678909' }],
      }),
    ).toEqual({
      account: '****3000',
      counterparty: { name: 'Ana', iban: '****0154' },
      destination: { accountNumber: '****6789', destinationTaxId: '****4725' },
      users: [{ taxId: '****8909' }],
    });
  });

  it('masks a tax id given as { number, country }, replaces dates of birth and document details, and sealed fields', () => {
    expect(
      redact({
        taxId: { number: '52998224725', country: 'BR' },
        birthdate: '1980-05-15',
        dob: '1980-05-15',
        document: { type: 'PASSPORT', number: 'P1234567' },
        documentNumber: 'P1234567',
        expiryDate: '',
        destination: { iban: '$sealed:v2.abc.def.k1', name: 'Ana' },
        note: '$sealed:v2.abc.def.k1',
      }),
    ).toEqual({
      taxId: { number: '****4725', country: 'BR' },
      birthdate: redacted,
      dob: redacted,
      document: redacted,
      documentNumber: redacted,
      expiryDate: '',
      destination: { iban: redacted, name: 'Ana' },
      note: redacted,
    });
  });

  it('stores JSON only: bigint as text, bytes replaced, undefined fields left out, nothing as null', () => {
    expect(redact({ amount: 12n, file: new Uint8Array([1, 2]), gone: undefined })).toEqual({
      amount: '12',
      file: redacted,
    });
    expect(redact(undefined)).toBeNull();
  });
});

// The rule for one member, which the request log's mask asks member by member: the same answer as redact gives the
// member inside a one-member object, for every kind of name and value.
describe('redactedMember', () => {
  it.each<[string, unknown]>([
    ['password', 'hunter2'],
    ['Authorization', 'Bearer abc'],
    ['status', 'Received'],
    ['amount', 12.5],
    ['note', '$sealed:v2.abc.def.k1'],
    ['iban', 'PT50 0002 0123 1234 5678 9015 4'],
    ['IBAN', 'PT50000201231234567890154'],
    ['taxId', '52998224725'],
    ['taxId', { number: '52998224725', country: 'BR' }],
    ['destinationPixCode', 'bruno@example.com'],
    ['dob', '1980-05-15'],
    ['dob', ''],
    ['dob', null],
    ['document', { type: 'PASSPORT', number: 'P1234567' }],
    ['counterparty', { name: 'Ana', iban: 'PT50000201231234567890154', secret: 'x' }],
    ['list', [{ accountNumber: '123456789' }, 3, null]],
    ['id', null],
    ['missing', undefined],
  ])('%s: %j as redact has it', (key, value) => {
    expect(redactedMember(key, value)).toEqual((redact({ [key]: value }) as Record<string, unknown>)[key]);
  });
});
