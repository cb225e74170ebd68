import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { validation } from '../../domain/errors.js';
import { findAuditEntry, listAuditEntries } from '../../platform/audit/repo.js';
import { pageOf } from '../../platform/list-query.js';
import { errorResponses } from '../../platform/schema.js';
import { AuditEntry, AuditLogQuery } from '../audit-log/schema.js';
import { auditEntryView } from '../audit-log/view.js';

/** Reading the audit log (platform/audit/): who changed what, when, from where, with its before and after. */
export async function auditLogAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/audit-log',
    {
      schema: {
        operationId: 'admin.auditLog.list',
        tags: ['Operators'],
        summary: 'The audit log: every change made through the operator API, the console or the CLI, newest first',
        querystring: AuditLogQuery,
        response: { 200: Type.Array(AuditEntry), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.from !== undefined && q.to !== undefined && q.from > q.to) throw validation('from must not be after to');
      let before: { occurredAtMs: bigint; id: bigint } | undefined;
      if (q.before !== undefined) {
        const entry = await findAuditEntry(ctx.db, BigInt(q.before));
        if (entry === undefined) throw validation(`before: no audit entry ${q.before}`);
        before = { occurredAtMs: entry.occurred_at_ms, id: entry.id };
      }
      const rows = await listAuditEntries(ctx.db, {
        operatorId: q.operatorId,
        email: q.email,
        workspaceId: q.workspaceId,
        action: q.action,
        via: q.via,
        from: q.from,
        to: q.to,
        before,
        ...pageOf(q),
      });
      return rows.map(auditEntryView);
    },
  );
}
