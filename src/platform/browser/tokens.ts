import { createHash, randomBytes } from 'node:crypto';

// The random secrets of operator accounts: enrolment links and session cookies carry 32 random bytes (base64url,
// 43 characters); the database keeps only their SHA-256, so a copy of it signs nobody in.

export const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const newToken = (): string => randomBytes(32).toString('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
