import { allowance } from '../../domain/errors.js';
import type { Queryable } from '../../storage/db.js';
import { confirmedMatchOfAccount, confirmedMatchOfEmail } from './repo-gate.js';

export { confirmedMatchOfAccount, confirmedMatchOfEmail, confirmedMatchSql } from './repo-gate.js';

// The AML gate (issue 11, item 4): while an account has a CONFIRMED_MATCH screening, its orders, deposits and
// withdrawals are refused with 403 AllowanceError naming the screening, and nothing moves. It sits beside the
// verification gate of each write: inside the one statement of a deposit or a rail order (as an SQL expression), a
// query of its own for an order's on-behalf customer. A screening holds the account it was tied to, and the email
// it named (a person who later joins an organisation is still found by email). A withdrawal pays out of the
// workspace's own balance and names no customer account today (docs/decisions/, AML screenings). Its queries are
// repo-gate.ts's.

/**
 * The CONFIRMED_MATCH screening, if any, of the people whose money an inbound transfer would credit: a deposit's
 * payer, an order's payer and its on-behalf customer (`accountId`). Funds that arrive on a deposit or an order created
 * before the match was confirmed are held for compliance review instead of credited (the ComplianceReview status and
 * the operator's compliance routes): the transfer has already happened, so refusing is no longer possible, but
 * crediting would move money for the account.
 */
export async function confirmedMatchOfInbound(
  db: Queryable,
  workspaceId: string,
  parties: { email: string | null; account?: { id: string; email: string | null } },
): Promise<string | undefined> {
  const byEmail = parties.email === null ? undefined : await confirmedMatchOfEmail(db, workspaceId, parties.email);
  if (byEmail !== undefined || parties.account === undefined) return byEmail;
  return confirmedMatchOfAccount(db, workspaceId, parties.account);
}

/** The refusal: 403 AllowanceError naming the screening (spec, Errors: the only 403 is a business allowance rule). */
export function refuseConfirmedMatch(screeningId: string | null | undefined, role: string, who: string): void {
  if (screeningId === null || screeningId === undefined) return;
  throw allowance(
    `The ${role} ${who} has a confirmed sanctions match (AML screening ${screeningId}); no money moves for this account`,
  );
}
