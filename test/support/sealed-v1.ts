import { createCipheriv, randomBytes } from 'node:crypto';

/** A value in the first sealed format, as platform/sealing.ts wrote it before rotation: no key id, no AAD. */
export function sealV1(key: Buffer, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', ...[nonce, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join('.');
}
