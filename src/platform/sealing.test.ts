import { describe, expect, it } from 'vitest';
import { sealV1 } from '../../test/support/sealed-v1.js';
import { open, seal, sealedKeyId, UnreadableSealedValueError } from './sealing.js';
import { KeyringError, SecretsKeyring, secretsKeyId } from './secrets/keyring.js';

const keyA = Buffer.alloc(32, 1);
const keyB = Buffer.alloc(32, 2);
const keyC = Buffer.alloc(32, 3);

const ring = (current: Buffer, ...decryptOnly: Buffer[]) => SecretsKeyring.of(current, decryptOnly);

describe('sealing with a keyring', () => {
  // Each step of a rotation from A to B (docs/reliability/rotation.md): who sealed, who opens, whether it opens.
  const cases: Array<[string, () => string, SecretsKeyring, boolean]> = [
    ['A seals, A opens', () => seal(ring(keyA), 's'), ring(keyA), true],
    ['A seals, step 1 (A, B decrypt-only) opens', () => seal(ring(keyA), 's'), ring(keyA, keyB), true],
    [
      'step 1 seals (under A), step 2 (B, A decrypt-only) opens',
      () => seal(ring(keyA, keyB), 's'),
      ring(keyB, keyA),
      true,
    ],
    ['step 2 seals (under B), step 1 opens', () => seal(ring(keyB, keyA), 's'), ring(keyA, keyB), true],
    ['B seals, B alone opens', () => seal(ring(keyB, keyA), 's'), ring(keyB), true],
    ['A seals, B alone does not open', () => seal(ring(keyA), 's'), ring(keyB), false],
    ['B seals, A alone does not open', () => seal(ring(keyB), 's'), ring(keyA), false],
    ['a third key among several opens its own', () => seal(ring(keyC), 's'), ring(keyA, keyB, keyC), true],
    ['v1 under A, A opens', () => sealV1(keyA, 's'), ring(keyA), true],
    ['v1 under A, the ring (B, A) opens', () => sealV1(keyA, 's'), ring(keyB, keyA), true],
    ['v1 under A, B alone does not open', () => sealV1(keyA, 's'), ring(keyB), false],
    ['not a sealed value', () => 'plain text', ring(keyA), false],
    ['v2 with a part missing', () => seal(ring(keyA), 's').split('.').slice(0, 4).join('.'), ring(keyA), false],
  ];
  it.each(cases)('%s', (_, sealed, opener, opens) => {
    const value = sealed();
    if (opens) expect(open(opener, value)).toBe('s');
    else expect(() => open(opener, value)).toThrow(UnreadableSealedValueError);
  });

  it('a value names the key that sealed it; v1 values name none', () => {
    expect(sealedKeyId(seal(ring(keyB, keyA), 'x'))).toBe(secretsKeyId(keyB));
    expect(sealedKeyId(sealV1(keyA, 'x'))).toBe('v1');
    expect(sealedKeyId('nonsense')).toBeUndefined();
  });

  const alterations: Array<[string, (parts: string[]) => string[]]> = [
    ['the key id swapped for another key of the ring', (p) => ['v2', secretsKeyId(keyB), ...p.slice(2)]],
    ['the ciphertext changed', (p) => [...p.slice(0, 4), Buffer.from('other').toString('base64url')]],
    ['the tag changed', (p) => [...p.slice(0, 3), Buffer.alloc(16).toString('base64url'), p[4] as string]],
  ];
  it.each(alterations)('an altered value does not open: %s', (_, alter) => {
    const parts = seal(ring(keyA), 'secret').split('.');
    expect(() => open(ring(keyA, keyB), alter(parts).join('.'))).toThrow(UnreadableSealedValueError);
  });

  it('round-trips text of every size, nonce fresh each time', () => {
    for (const text of ['', 'é€𝄞', 'x'.repeat(100_000)]) expect(open(ring(keyA), seal(ring(keyA), text))).toBe(text);
    expect(seal(ring(keyA), 'same')).not.toBe(seal(ring(keyA), 'same'));
  });
});

describe('SecretsKeyring', () => {
  it('the current key first, a repeated key kept once, ids derived from the keys alone', () => {
    const r = ring(keyB, keyA, keyB, keyA);
    expect(r.ids).toEqual([secretsKeyId(keyB), secretsKeyId(keyA)]);
    expect(r.current.key).toEqual(keyB);
    expect(secretsKeyId(keyA)).toMatch(/^[0-9a-f]{16}$/);
    expect(secretsKeyId(Buffer.from(keyA))).toBe(secretsKeyId(keyA));
  });

  it.each([
    ['a short current key', () => ring(Buffer.alloc(16, 1))],
    ['a long decrypt-only key', () => ring(keyA, Buffer.alloc(33, 1))],
  ])('refuses %s', (_, build) => {
    expect(build).toThrow(KeyringError);
  });
});
