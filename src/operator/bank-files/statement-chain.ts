import { createHash } from 'node:crypto';
import { minorOfDecimal } from '../../domain/money/amount.js';
import { scaleOf } from '../../domain/money/currency-amount.js';
import type { AccountStatement } from '../../providers/bank-files/bank-file.js';
import type { OwnStatementAccount } from '../../providers/bank-files/own-accounts.js';
import type { Queryable } from '../../storage/db.js';
import { type ChainLink, latestStatement, lockStatementChain, recordedStatement } from './repo.js';

// Continuity of an account's statements (issue #27): a camt.053 or MT940 statement opens at the closing booked
// balance of the account's previous statement and carries the next sequence number. A statement that breaks the
// chain (a missing day, a repeated or skipped number, someone else's figures) is held for an operator: nothing of it
// moves money until they accept it, which makes it the chain's new last link, or reject it.

/** A statement of the file as a link of its account's chain, ready to record once the file is applied. */
export type PendingLink = Omit<ChainLink, 'position' | 'fileId'>;

export interface ChainReading {
  /** Why the file must wait for an operator; empty when every statement follows its account's last one. */
  readonly breaks: string[];
  /** The statements to record, in order, when the file is applied; those recorded before are left out. */
  readonly links: PendingLink[];
}

const minorOf = (decimal: string, currency: string): bigint => {
  const parsed = minorOfDecimal(decimal, scaleOf(currency));
  // The controls (verify-controls.ts) refused a balance with more decimals than its currency before this runs.
  if (!parsed.ok) throw new Error(`balance ${decimal} ${currency} ${parsed.reason}`);
  return parsed.minor;
};

/** A statement of the file as a link, or undefined when it carries no balances (the controls refused that). */
export function linkOf(statement: AccountStatement, account: OwnStatementAccount): PendingLink | undefined {
  const opening = statement.openingBookedBalance;
  const closing = statement.pageClosingBalance;
  if (opening === null || closing === null) return undefined;
  return {
    account: account.key,
    currency: account.currency,
    statementId: statement.statementId,
    sequenceNumber: statement.sequence?.number ?? null,
    page: statement.sequence?.page ?? null,
    openingMinor: minorOf(opening.signedAmount, account.currency),
    closingMinor: minorOf(closing.signedAmount, account.currency),
    openingDate: opening.date,
    closingDate: closing.date,
    contentDigest: contentDigestOf(statement),
  };
}

/** What the statement says: its balances and each entry's reference, direction, amount and status, in order. */
function contentDigestOf(statement: AccountStatement): string {
  const hash = createHash('sha256');
  hash.update(`${statement.openingBookedBalance?.signedAmount}|${statement.pageClosingBalance?.signedAmount}\n`);
  for (const e of statement.entries) {
    hash.update(
      `${e.bankReference}|${e.creditDebit}|${e.reversal}|${e.amount.amount}|${e.amount.currency}|${e.status}\n`,
    );
  }
  return hash.digest('hex');
}

const numeric = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : undefined);

/**
 * The sequence numbers that may follow `previous`: the next page of the same statement, or the first page of the
 * next statement (statement numbers count up, pages restart at 1). Undefined when either side has no number.
 */
function sequenceBreak(previous: PendingLink, next: PendingLink): string | undefined {
  const before = numeric(previous.sequenceNumber);
  const after = numeric(next.sequenceNumber);
  if (before === undefined || after === undefined) return undefined;
  const pageBefore = numeric(previous.page);
  const pageAfter = numeric(next.page);
  const name = (link: PendingLink) => `${link.sequenceNumber}${link.page === null ? '' : `/${link.page}`}`;
  if (after === before && pageBefore !== undefined && pageAfter === pageBefore + 1) return undefined;
  if (after === before + 1 && (pageAfter === undefined || pageAfter === 1)) return undefined;
  const what = after === before && pageAfter === pageBefore ? 'repeats' : 'does not follow';
  return `statement ${name(next)} ${what} the last statement applied, ${name(previous)}`;
}

const money = (minor: bigint, currency: string) => {
  const scale = scaleOf(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}${scale > 0 ? `.${digits.slice(-scale)}` : ''} ${currency}`;
};

const sameContent = (a: PendingLink, b: PendingLink) => a.contentDigest === b.contentDigest;

/**
 * Holds each statement against its account's chain, under a lock per account (taken in one order, so two imports
 * never wait on each other in a cycle) that the caller's transaction keeps until it commits: two imports of one
 * account's statements are checked one after the other. A statement recorded before (the same file again) is no
 * break and no new link: its lines are found recorded. The first statement of an account starts its chain.
 */
export async function readChain(
  tx: Queryable,
  statements: readonly { link: PendingLink; where: string }[],
): Promise<ChainReading> {
  const accounts = [...new Set(statements.map((s) => s.link.account))].sort();
  for (const account of accounts) await lockStatementChain(tx, account);
  const heads = new Map<string, PendingLink | undefined>();
  for (const account of accounts) heads.set(account, await latestStatement(tx, account));
  const breaks: string[] = [];
  const links: PendingLink[] = [];
  for (const { link, where } of statements) {
    const recorded = await recordedStatement(tx, link);
    if (recorded !== undefined) {
      // The same statement again (its lines are found recorded) is no break; the same number saying other things
      // is: a bank does not book one statement twice.
      if (!sameContent(recorded, link)) {
        breaks.push(
          `${where} was applied before (opening ${money(recorded.openingMinor, link.currency)}, closing ` +
            `${money(recorded.closingMinor, link.currency)}) with other entries or balances: this one opens at ` +
            `${money(link.openingMinor, link.currency)} and closes at ${money(link.closingMinor, link.currency)}`,
        );
      }
      continue;
    }
    const head = heads.get(link.account);
    if (head !== undefined) {
      if (head.closingMinor !== link.openingMinor) {
        breaks.push(
          `${where} opens at ${money(link.openingMinor, link.currency)}, but the last statement applied for this ` +
            `account closed at ${money(head.closingMinor, link.currency)} (on ${head.closingDate ?? 'an unknown date'})`,
        );
      }
      const sequence = sequenceBreak(head, link);
      if (sequence !== undefined) breaks.push(`${where}: ${sequence}`);
    }
    heads.set(link.account, link);
    links.push(link);
  }
  return { breaks, links };
}
