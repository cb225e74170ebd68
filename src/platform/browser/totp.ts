import { Secret, TOTP } from 'otpauth';

// The second factor of the console's operators and the dashboard's partner users (operator console issue, item 1; docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "Second factor"): TOTP (RFC 6238),
// SHA-1, 6 digits, 30-second steps, as every authenticator app reads it from an otpauth:// URI. A code is accepted
// for the current step and one step either side (clock drift), and never twice: the step of the last accepted code
// is stored, and only a later step is taken (RFC 6238 section 5.2).

const periodSeconds = 30;

/** The name an authenticator app shows above the code: which site's account it is. */
export type TotpIssuer = 'Brokerage console' | 'Brokerage dashboard';

const totpOf = (secretBase32: string, email: string, issuer: TotpIssuer = 'Brokerage console') =>
  new TOTP({
    issuer,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, RFC 4226's recommendation), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the QR code carries. */
export const totpUri = (secretBase32: string, email: string, issuer: TotpIssuer): string =>
  totpOf(secretBase32, email, issuer).toString();

/** The QR code of the URI as an SVG data: URL (the console's CSP allows data: images, no script). */
export async function totpQrDataUrl(secretBase32: string, email: string, issuer: TotpIssuer): Promise<string> {
  // Loaded on an enrolment's first QR code, not at every start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(totpUri(secretBase32, email, issuer), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step of a valid code, when it is valid now (±1 step) and later than the last accepted step; else
 * undefined. The caller stores the step it returns.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastAcceptedStep: number | undefined,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(nowMs / 1000 / periodSeconds) + delta;
  return lastAcceptedStep !== undefined && step <= lastAcceptedStep ? undefined : step;
}
