import { notOffered } from './capabilities.js';
import type { MailProvider } from './mail/mail-provider.js';
import type { ScreeningProvider } from './screening/screening-provider.js';
import type { VerificationProvider } from './verification/verification-provider.js';

// Production's stand-ins for what the providers file leaves out (prices: prices/no-price-source.ts): each refuses with 503 ExternalServiceError, so no
// request is served by the sandbox by accident. Services check the capability first and refuse before storing
// anything; these are the second line.

export const unconnectedMail: MailProvider = {
  async send() {
    throw notOffered('Customer mail');
  },
};

export const unconnectedVerification: VerificationProvider = {
  async submit() {
    throw notOffered('Identity verification');
  },
  async outcome() {
    throw notOffered('Identity verification');
  },
};

export const unconnectedScreening: ScreeningProvider = {
  async screen() {
    throw notOffered('Sanctions screening');
  },
};
