// The audit log's cases for conversations and support tickets (the operators' replies and status changes).

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api, attachment, created, type Operation, workspaceOf } from './audit-kit.js';
import { aPartner, type Partner } from './builders.js';
import type { TestApp } from './harness.js';

const endUserEmail = 'ana@example.com';

async function aConversation(t: TestApp, p: Partner): Promise<string> {
  const opened = await created<{ value: { conversationId: string } }>(
    api(
      t,
      p,
      'POST',
      '/v1/conversations',
      { endUserEmail, subject: 'Held order', message: 'Why is it held?' },
      { 'idempotency-key': `c-${randomUUID()}` },
    ),
  );
  return opened.value.conversationId;
}

async function aTicket(t: TestApp, p: Partner): Promise<string> {
  const body = { subject: 'Payout not received', description: 'Nothing arrived.', category: 'PAYMENT' };
  return (await created<{ value: { ticketId: string } }>(api(t, p, 'POST', '/v1/support-tickets', body))).value
    .ticketId;
}

export const threadOperations: Readonly<Record<string, Operation>> = {
  'admin.conversations.create': async (t, admin) => {
    const p = await aPartner(t.app);
    const response = await admin('POST', '/admin/v1/conversations', {
      workspaceId: workspaceOf(p),
      endUserEmail,
      subject: 'Source of funds',
      message: 'Please send a bank statement.',
      attachments: [attachment()],
    });
    const conversationId = response.json().conversationId;
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'conversation', id: conversationId },
        check: (before, after) => {
          expect(before).toBeNull();
          expect(after).toMatchObject({ conversationId, subject: 'Source of funds', status: 'OPEN' });
          const messages = (after?.messages ?? []) as { attachments: Record<string, unknown>[] }[];
          expect(messages[0]?.attachments[0]).toMatchObject({ fileName: 'statement.pdf', sha256: expect.any(String) });
        },
      },
    };
  },
  'admin.conversations.addMessage': async (t, admin) => {
    const p = await aPartner(t.app);
    const conversationId = await aConversation(t, p);
    const response = await admin('POST', `/admin/v1/conversations/${conversationId}/messages`, {
      message: 'We are looking into it.',
      attachments: [attachment()],
    });
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'conversation-message', id: response.json().messageId },
        check: (before, after) => {
          expect(before).toBeNull();
          expect(after).toMatchObject({ conversationId, author: 'brokerage', message: 'We are looking into it.' });
        },
      },
    };
  },
  'admin.conversations.close': async (t, admin) => {
    const p = await aPartner(t.app);
    const conversationId = await aConversation(t, p);
    const response = await admin('POST', `/admin/v1/conversations/${conversationId}/close`);
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'conversation', id: conversationId },
        check: (before, after) => {
          expect(before).toMatchObject({ status: 'OPEN' });
          expect(after).toMatchObject({ status: 'CLOSED', closedBy: 'brokerage' });
        },
      },
    };
  },
  'admin.supportTickets.addMessage': async (t, admin) => {
    const p = await aPartner(t.app);
    const ticketId = await aTicket(t, p);
    const reply = `We traced it ${randomUUID().slice(0, 8)}.`;
    const response = await admin('POST', `/admin/v1/support-tickets/${ticketId}/messages`, {
      message: reply,
      status: 'WAITING_ON_PARTNER',
    });
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'support-ticket', id: ticketId },
        check: (before, after) => {
          expect(before).toEqual({ status: 'OPEN' });
          expect(after).toMatchObject({ status: 'WAITING_ON_PARTNER', message: { message: reply } });
        },
      },
    };
  },
  'admin.supportTickets.setStatus': async (t, admin) => {
    const p = await aPartner(t.app);
    const ticketId = await aTicket(t, p);
    const response = await admin('POST', `/admin/v1/support-tickets/${ticketId}/status`, { status: 'RESOLVED' });
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'support-ticket', id: ticketId },
        check: (before, after) => {
          expect(before).toEqual({ status: 'OPEN' });
          expect(after).toEqual({ status: 'RESOLVED' });
        },
      },
    };
  },
};
