// Support ticket statuses (the spec names the three support_ticket_* events, not the statuses): a ticket is the
// partner's own request to the brokerage's support.
//   OPEN                the partner opened it; support has not taken it up yet
//   IN_PROGRESS         support is working on it
//   WAITING_ON_PARTNER  support asked the partner something; the partner's next message puts it back IN_PROGRESS
//   RESOLVED            support considers it solved; a partner's message reopens it (IN_PROGRESS), else it is closed
//   CLOSED              closed by the partner or by support: final, nobody writes to it again
//
// Support sets any status along `supportMoves`; the partner only writes messages and closes. Setting the status a
// ticket already has is no change (and no event), except on a closed ticket, which refuses everything.

import type { Author } from '../author.js';

export const supportTicketStatuses = ['OPEN', 'IN_PROGRESS', 'WAITING_ON_PARTNER', 'RESOLVED', 'CLOSED'] as const;
export type SupportTicketStatus = (typeof supportTicketStatuses)[number];

/** The statuses support may move a ticket to from each status. OPEN is never a target: it means "not taken up". */
const supportMoves: Readonly<Record<SupportTicketStatus, readonly SupportTicketStatus[]>> = {
  OPEN: ['IN_PROGRESS', 'WAITING_ON_PARTNER', 'RESOLVED', 'CLOSED'],
  IN_PROGRESS: ['WAITING_ON_PARTNER', 'RESOLVED', 'CLOSED'],
  WAITING_ON_PARTNER: ['IN_PROGRESS', 'RESOLVED', 'CLOSED'],
  RESOLVED: ['IN_PROGRESS', 'CLOSED'],
  CLOSED: [],
};

/**
 * Where a partner's message takes a ticket: the answer support waited for, or a word on a resolved ticket, hands it
 * back to support. Elsewhere the status stays.
 */
const afterPartnerMessage: Readonly<Record<SupportTicketStatus, SupportTicketStatus>> = {
  OPEN: 'OPEN',
  IN_PROGRESS: 'IN_PROGRESS',
  WAITING_ON_PARTNER: 'IN_PROGRESS',
  RESOLVED: 'IN_PROGRESS',
  CLOSED: 'CLOSED',
};

/** What happens to a ticket: a message from either side, the partner closing it, or support setting a status. */
export type TicketTrigger =
  | { readonly by: Author; readonly action: 'message' }
  | { readonly by: 'partner'; readonly action: 'close' }
  | { readonly by: 'brokerage'; readonly action: 'set'; readonly to: SupportTicketStatus };

/** The status after the trigger (the same status when nothing changes), or why the ticket refuses it. */
export type TicketMove =
  | { readonly ok: true; readonly to: SupportTicketStatus }
  | { readonly ok: false; reason: string };

export function moveTicket(from: SupportTicketStatus, trigger: TicketTrigger): TicketMove {
  if (from === 'CLOSED') return { ok: false, reason: 'is CLOSED: a closed ticket takes no messages or changes' };
  switch (trigger.action) {
    case 'message':
      return { ok: true, to: trigger.by === 'partner' ? afterPartnerMessage[from] : from };
    case 'close':
      return { ok: true, to: 'CLOSED' };
    case 'set':
      if (trigger.to === from || supportMoves[from].includes(trigger.to)) return { ok: true, to: trigger.to };
      return {
        ok: false,
        reason: `is ${from}: it can move to ${supportMoves[from].join(', ')}, not ${trigger.to}`,
      };
  }
}
