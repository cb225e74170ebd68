import type { FastifyRequest } from 'fastify';
import type { OperatorRole } from '../domain/operators/roles.js';
import type { PartnerUserRole } from '../domain/partner-users/permissions.js';

/**
 * Who makes a change on the operators' side or in the partner dashboard, as the audit log records it (operator console
 * issue, items 1 and 2; issue 30): a person signed in to the console, a partner user signed in to the dashboard, or
 * the shared bearer ADMIN_TOKEN that automation and the CLI keep using, recorded as such. `address` is the client's address as the server saw it (trustProxy decides), `userAgent` what
 * it said it was.
 */
export type Actor =
  | {
      readonly kind: 'operator';
      readonly operatorId: string;
      readonly email: string;
      readonly role: OperatorRole;
      readonly address: string;
      readonly userAgent?: string;
    }
  | {
      /** A workspace's own engineer signed in to the partner dashboard (issue 30). */
      readonly kind: 'partner-user';
      readonly partnerUserId: string;
      readonly workspaceId: string;
      readonly email: string;
      readonly role: PartnerUserRole;
      readonly address: string;
      readonly userAgent?: string;
    }
  | {
      readonly kind: 'admin-token';
      /** 'cli' when the request came from the CLI, `npx --no-install brokerage-partner-api` (its user agent), 'api' for any other client. */
      readonly via: 'api' | 'cli';
      readonly address: string;
      readonly userAgent?: string;
    };

/** The person signed in to the console (operator/console/auth.ts), beside `request.actor`. */
export interface SignedInOperator {
  readonly operatorId: string;
  readonly email: string;
  readonly role: OperatorRole;
  /** The session row's id (the SHA-256 of the cookie's token), to tell this session among the operator's. */
  readonly sessionId: string;
  /** The session's synchronizer token, which every form of the console carries. */
  readonly csrfToken: string;
}

/** The partner user signed in to the dashboard (dashboard/auth.ts), beside `request.actor`. */
export interface SignedInPartnerUser {
  readonly partnerUserId: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly role: PartnerUserRole;
  readonly sessionId: string;
  readonly csrfToken: string;
}

/** The user agent the operator CLI sends (cli/brokerage.ts), by which a bearer request is recorded as the CLI's. */
export const cliUserAgentPrefix = 'brokerage-cli/';

/** The actor of a request authenticated by the bearer ADMIN_TOKEN. */
export function adminTokenActor(request: FastifyRequest): Actor {
  const userAgent = request.headers['user-agent'];
  return {
    kind: 'admin-token',
    via: userAgent?.startsWith(cliUserAgentPrefix) ? 'cli' : 'api',
    address: request.ip,
    ...(userAgent === undefined ? {} : { userAgent }),
  };
}
