// The operator CLI's conversation and ticket commands against a real in-process server listening on a local port.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner } from '../../test/support/builders.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { buildTestApp, type TestApp } from '../../test/support/harness.js';
import { pngBytes } from '../../test/support/kyc-flow.js';

let t: TestApp;
let cli: (argv: string[]) => Promise<CliRun>;
let dir = '';

beforeAll(async () => {
  t = await buildTestApp();
  cli = await cliAgainst(t.app);
  dir = mkdtempSync(join(tmpdir(), 'brokerage-cli-'));
});

afterAll(async () => {
  await t.app.close();
  rmSync(dir, { recursive: true, force: true });
});

const partnerGet = (p: Partner, path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: p.headers }).then((r) => r.json());

describe('brokerage conversations', () => {
  it('opens a conversation with a file, lists it, replies and closes; the partner reads each step', async () => {
    const p = await aPartner(t.app);
    const workspaceId = p.credentials.workspaceId;
    const file = join(dir, 'request.png');
    writeFileSync(file, pngBytes);
    const opened = await cli([
      'conversations',
      'open',
      '--workspace',
      workspaceId,
      '--end-user',
      'dora@example.com',
      '--subject',
      'Proof of address',
      '--message',
      'Please send a utility bill like this one.',
      '--attach',
      file,
    ]);
    expect(opened.code, opened.stderr).toBe(0);
    const conversation = opened.json();
    expect(conversation).toMatchObject({
      workspaceId,
      openedBy: 'brokerage',
      messages: [{ attachments: [{ number: 1, fileName: 'request.png', contentType: 'image/png' }] }],
    });
    const id = conversation.conversationId;

    const listed = await cli(['conversations', 'list', '--workspace', workspaceId, '--status', 'OPEN']);
    expect(listed.json().map((c: { conversationId: string }) => c.conversationId)).toEqual([id]);
    const replied = await cli(['conversations', 'reply', id, '--message', 'A reminder.']);
    expect(replied.code, replied.stderr).toBe(0);
    expect(replied.json()).toMatchObject({ author: 'brokerage', message: 'A reminder.' });
    expect((await cli(['conversations', 'show', id])).json().messageCount).toBe(2);
    expect((await cli(['conversations', 'close', id])).json()).toMatchObject({
      status: 'CLOSED',
      closedBy: 'brokerage',
    });
    const seen = await partnerGet(p, `/v1/conversations/${id}?endUserEmail=dora%40example.com`);
    expect(seen.value).toMatchObject({ status: 'CLOSED', messageCount: 2 });
  });

  it('refuses a missing option or an unreadable file before calling the server (exit 2); server refusals exit 1', async () => {
    const missing = await cli(['conversations', 'open', '--workspace', 'w', '--end-user', 'e@example.com']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/conversations open needs --subject/);
    const unreadable = await cli(['conversations', 'reply', 'x', '--message', 'm', '--attach', join(dir, 'none.pdf')]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toMatch(/cannot read the file/);
    const notFile = join(dir, 'notes.txt');
    writeFileSync(notFile, 'plain text');
    const p = await aPartner(t.app);
    const refused = await cli([
      'conversations',
      'open',
      ...['--workspace', p.credentials.workspaceId, '--end-user', 'e@example.com', '--subject', 's'],
      ...['--message', 'm', '--attach', notFile],
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^brokerage: 400 ValidationError: attachments\[0\]\.content must be a JPEG/);
    expect((await cli(['conversations', 'show', 'nope'])).stderr).toMatch(/404 ExistenceError/);
  });
});

describe('brokerage tickets', () => {
  it('lists a workspace’s tickets, replies with a status, sets another, and shows the ticket', async () => {
    const p = await aPartner(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/support-tickets',
      headers: p.headers,
      payload: { subject: 'Webhooks', description: 'No events arrive.', category: 'TECHNICAL' },
    });
    const { ticketId } = created.json().value;
    const listed = await cli(['tickets', 'list', '--workspace', p.credentials.workspaceId, '--status', 'OPEN']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json()).toEqual([expect.objectContaining({ ticketId, status: 'OPEN', category: 'TECHNICAL' })]);
    const replied = await cli([
      'tickets',
      'reply',
      ticketId,
      '--message',
      'Which URL?',
      '--status',
      'WAITING_ON_PARTNER',
    ]);
    expect(replied.json()).toMatchObject({ ticketId, author: 'brokerage' });
    const set = await cli(['tickets', 'set', ticketId, '--status', 'RESOLVED']);
    expect(set.json()).toMatchObject({ ticketId, status: 'RESOLVED', messageCount: 1 });
    expect((await cli(['tickets', 'show', ticketId])).json().messages).toHaveLength(1);
    expect((await partnerGet(p, `/v1/support-tickets/${ticketId}`)).value.status).toBe('RESOLVED');

    const backwards = await cli(['tickets', 'set', ticketId, '--status', 'OPEN']);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toMatch(/^brokerage: 409 StateError: .*not OPEN/);
    expect((await cli(['tickets', 'set', ticketId])).code).toBe(2);
    expect((await cli(['tickets', 'list', '--limit', 'many'])).code).toBe(2);
  });

  it('the help lists the new commands', async () => {
    const help = await cli(['--help']);
    for (const line of ['conversations open', 'conversations reply <id>', 'tickets list', 'tickets set <id>']) {
      expect(help.stdout).toContain(line);
    }
  });
});
