import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { limits } from '../../limits.js';
import { codeVerdict, type EnrolmentProblem, passwordProblem } from './enrolment.js';

// Enrolment's rules, the console's and the dashboard's alike: the password chosen, and the code that confirms the
// second factor. Through the enrolment link over HTTP: test/api/console-sign-in.test.ts (the console, a role that may
// leave the code out) and test/api/dashboard-people.test.ts (the dashboard).

const min = limits.operatorPasswordLengthMin;
const max = limits.operatorPasswordLengthMax;

describe('passwordProblem: what is wrong with the password chosen', () => {
  it.each<[string, string, string, EnrolmentProblem | undefined]>([
    ['the shortest allowed', 'a'.repeat(min), 'a'.repeat(min), undefined],
    ['one character short', 'a'.repeat(min - 1), 'a'.repeat(min - 1), 'password-length'],
    ['the longest allowed', 'a'.repeat(max), 'a'.repeat(max), undefined],
    ['one character long', 'a'.repeat(max + 1), 'a'.repeat(max + 1), 'password-length'],
    // Characters, not UTF-16 units: an emoji is one character of two units.
    ['of emoji, counted as characters', '😀'.repeat(min - 1), '😀'.repeat(min - 1), 'password-length'],
    ['a confirmation not the same', 'a'.repeat(min), `${'a'.repeat(min - 1)}b`, 'password-mismatch'],
    ['too short and not confirmed: the length first', 'short', 'other', 'password-length'],
  ])('%s', (_, password, confirmation, problem) => {
    expect(passwordProblem(password, confirmation)).toBe(problem);
  });
});

describe('codeVerdict: the step a code confirms, or what is wrong', () => {
  // A fixed secret at a fixed moment: the codes, and the wrong one, are the same on every run.
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const nowMs = Date.parse('2025-06-02T09:00:00Z');
  const stepNow = Math.floor(nowMs / 30_000);
  const codeAt = (ms: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
  const now = codeAt(nowMs);
  const wrong = String((Number(now) + 1) % 1_000_000).padStart(6, '0');

  it.each<[string, string, boolean, ReturnType<typeof codeVerdict>]>([
    ["the current step's code", now, true, { totpStep: stepNow }],
    ['the code typed with a space', `${now.slice(0, 3)} ${now.slice(3)}`, true, { totpStep: stepNow }],
    ["the previous step's code (clock drift)", codeAt(nowMs - 30_000), true, { totpStep: stepNow - 1 }],
    ['a code of two steps ago', codeAt(nowMs - 60_000), true, { problem: 'code' }],
    ['a wrong code', wrong, true, { problem: 'code' }],
    ['a wrong code, of an account that may leave it out', wrong, false, { problem: 'code' }],
    ['no code, of an account that must have one', '', true, { problem: 'code-required' }],
    ['no code, of an account that may leave it out: no second factor', ' ', false, { totpStep: undefined }],
  ])('%s', (_, typed, required, verdict) => {
    expect(codeVerdict(() => secret, typed, required, nowMs)).toEqual(verdict);
  });

  it('opens the secret only to check a code', () => {
    const unopenable = () => {
      throw new Error('sealed under a key no longer held');
    };
    expect(codeVerdict(unopenable, '', false, nowMs)).toEqual({ totpStep: undefined });
    expect(codeVerdict(unopenable, '', true, nowMs)).toEqual({ problem: 'code-required' });
    expect(() => codeVerdict(unopenable, now, true, nowMs)).toThrow(/no longer held/);
  });
});
