import { type Static, Type } from 'typebox';
import { limits } from '../../limits.js';

// The SMTP server mail leaves through (docs/decisions/providers-and-production-evidence.md, "Mail that leaves"). TLS is required with the certificate verified, unless
// the operator names the plaintext local relay mode: a relay on the same host or private network that forwards with
// its own TLS.

export const SmtpConfigSchema = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 253, description: 'The SMTP server: a host name or an IP address' }),
    port: Type.Integer({ minimum: 1, maximum: limits.portMax, description: 'Usually 465 for tls, 587 for starttls' }),
    security: Type.Union([Type.Literal('tls'), Type.Literal('starttls'), Type.Literal('local-relay-plaintext')], {
      description:
        'tls: implicit TLS from the first byte; starttls: plaintext greeting, then STARTTLS, refused when the ' +
        'server does not offer it; local-relay-plaintext: no TLS at all, for a relay on a trusted network only',
    }),
    user: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1_000 })),
    from: Type.String({
      minLength: 3,
      maxLength: 320,
      pattern: '@',
      description: 'The sender, an address or "Name <address>"',
    }),
    timeoutMs: Type.Optional(
      Type.Integer({
        minimum: limits.mailTimeoutMinMs,
        maximum: limits.mailTimeoutMaxMs,
        description: `Connect, greeting and idle-socket timeout each; ${limits.mailTimeoutDefaultMs} when absent`,
      }),
    ),
    caFile: Type.Optional(
      Type.String({
        minLength: 1,
        description: "A PEM file of the CA that signed a private server's certificate (the system's CAs otherwise)",
      }),
    ),
  },
  { additionalProperties: false },
);

export type SmtpConfig = Static<typeof SmtpConfigSchema>;

/**
 * The rules between fields the schema cannot say: a user goes with a password, and no credential travels without
 * TLS. Answers the problem in words naming the field, or undefined when the configuration is sound.
 */
export function smtpConfigProblem(config: SmtpConfig): string | undefined {
  if ((config.user === undefined) !== (config.password === undefined)) {
    return 'mail.user and mail.password go together: give both or neither';
  }
  if (config.security === 'local-relay-plaintext' && config.user !== undefined) {
    return 'mail.user and mail.password are refused with security local-relay-plaintext: a password never travels unencrypted';
  }
  if (config.security === 'local-relay-plaintext' && config.caFile !== undefined) {
    return 'mail.caFile has no use with security local-relay-plaintext: no certificate is checked without TLS';
  }
  return undefined;
}
