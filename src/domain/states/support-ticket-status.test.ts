import { describe, expect, it } from 'vitest';
import {
  moveTicket,
  type SupportTicketStatus,
  supportTicketStatuses,
  type TicketTrigger,
} from './support-ticket-status.js';

const partnerMessage: TicketTrigger = { by: 'partner', action: 'message' };
const supportMessage: TicketTrigger = { by: 'brokerage', action: 'message' };
const close: TicketTrigger = { by: 'partner', action: 'close' };
const set = (to: SupportTicketStatus): TicketTrigger => ({ by: 'brokerage', action: 'set', to });

describe('moveTicket', () => {
  // from, trigger, the status after it or undefined for a refusal
  it.each<[SupportTicketStatus, string, TicketTrigger, SupportTicketStatus | undefined]>([
    ['OPEN', 'partner message', partnerMessage, 'OPEN'],
    ['IN_PROGRESS', 'partner message', partnerMessage, 'IN_PROGRESS'],
    ['WAITING_ON_PARTNER', 'partner message', partnerMessage, 'IN_PROGRESS'],
    ['RESOLVED', 'partner message', partnerMessage, 'IN_PROGRESS'],
    ['CLOSED', 'partner message', partnerMessage, undefined],
    ['OPEN', 'support message', supportMessage, 'OPEN'],
    ['WAITING_ON_PARTNER', 'support message', supportMessage, 'WAITING_ON_PARTNER'],
    ['RESOLVED', 'support message', supportMessage, 'RESOLVED'],
    ['CLOSED', 'support message', supportMessage, undefined],
    ['OPEN', 'partner close', close, 'CLOSED'],
    ['IN_PROGRESS', 'partner close', close, 'CLOSED'],
    ['WAITING_ON_PARTNER', 'partner close', close, 'CLOSED'],
    ['RESOLVED', 'partner close', close, 'CLOSED'],
    ['CLOSED', 'partner close', close, undefined],
    ['OPEN', 'set IN_PROGRESS', set('IN_PROGRESS'), 'IN_PROGRESS'],
    ['OPEN', 'set WAITING_ON_PARTNER', set('WAITING_ON_PARTNER'), 'WAITING_ON_PARTNER'],
    ['OPEN', 'set RESOLVED', set('RESOLVED'), 'RESOLVED'],
    ['OPEN', 'set CLOSED', set('CLOSED'), 'CLOSED'],
    ['OPEN', 'set OPEN (no change)', set('OPEN'), 'OPEN'],
    ['IN_PROGRESS', 'set OPEN', set('OPEN'), undefined],
    ['IN_PROGRESS', 'set WAITING_ON_PARTNER', set('WAITING_ON_PARTNER'), 'WAITING_ON_PARTNER'],
    ['IN_PROGRESS', 'set RESOLVED', set('RESOLVED'), 'RESOLVED'],
    ['IN_PROGRESS', 'set IN_PROGRESS (no change)', set('IN_PROGRESS'), 'IN_PROGRESS'],
    ['WAITING_ON_PARTNER', 'set IN_PROGRESS', set('IN_PROGRESS'), 'IN_PROGRESS'],
    ['WAITING_ON_PARTNER', 'set OPEN', set('OPEN'), undefined],
    ['RESOLVED', 'set IN_PROGRESS', set('IN_PROGRESS'), 'IN_PROGRESS'],
    ['RESOLVED', 'set CLOSED', set('CLOSED'), 'CLOSED'],
    ['RESOLVED', 'set WAITING_ON_PARTNER', set('WAITING_ON_PARTNER'), undefined],
    ['RESOLVED', 'set OPEN', set('OPEN'), undefined],
    ['CLOSED', 'set IN_PROGRESS', set('IN_PROGRESS'), undefined],
    ['CLOSED', 'set CLOSED', set('CLOSED'), undefined],
  ])('%s, %s: %s', (from, _name, trigger, to) => {
    const move = moveTicket(from, trigger);
    if (to === undefined) expect(move.ok).toBe(false);
    else expect(move).toEqual({ ok: true, to });
  });

  it('a refusal says the status and, for a set, where the ticket can go', () => {
    expect(moveTicket('RESOLVED', set('OPEN'))).toEqual({
      ok: false,
      reason: 'is RESOLVED: it can move to IN_PROGRESS, CLOSED, not OPEN',
    });
    expect(moveTicket('CLOSED', partnerMessage)).toMatchObject({ ok: false, reason: expect.stringMatching(/CLOSED/) });
  });

  it('every status but CLOSED can reach CLOSED, and CLOSED goes nowhere', () => {
    for (const from of supportTicketStatuses) {
      const closing = moveTicket(from, set('CLOSED'));
      expect(closing.ok, from).toBe(from !== 'CLOSED');
      for (const to of supportTicketStatuses) if (from === 'CLOSED') expect(moveTicket(from, set(to)).ok).toBe(false);
    }
  });
});
