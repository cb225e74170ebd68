import { describe, expect, it } from 'vitest';
import { eventTypeNames } from '../../src/events/catalogue.js';
import { eventOperationId, operationIdOf, operationIdPattern } from '../../src/platform/operation-ids.js';
import { type Audience, checkedInDocument } from '../support/openapi-documents.js';

// The operationIds are the SDK's method names (client.quotes.create): each route declares its own beside its summary,
// and the published documents hold them to one scheme, with no doubled name, across both documents and the webhooks.
interface Document {
  paths: Record<string, Record<string, { operationId?: string }>>;
  webhooks?: Record<string, Record<string, { operationId?: string }>>;
}
const documents: Record<Audience, Document> = {
  partner: checkedInDocument<Document>('partner'),
  operator: checkedInDocument<Document>('operator'),
};
const documented = Object.entries(documents).flatMap(([audience, document]) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      audience,
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  ),
);
const webhooks = Object.entries(documents.partner.webhooks ?? {}).flatMap(([type, methods]) =>
  Object.values(methods).map((operation) => ({ type, operation })),
);

describe('operation ids', () => {
  it('every documented operation carries one', () => {
    expect(documented.filter(({ operation }) => operation.operationId === undefined).map(({ key }) => key)).toEqual([]);
  });

  it('ids are unique across both documents and the webhooks, and written resource.action in camel case', () => {
    const ids = [...documented, ...webhooks].map(({ operation }) => operation.operationId ?? '');
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(operationIdPattern);
  });

  it.each(documented.map(({ audience, key, operation }) => [key, operation.operationId ?? '', audience]))(
    '%s is named after its area: %s',
    (key, id, audience) => {
      const path = key.split(' ')[1] ?? '';
      if (path.startsWith('/admin/')) expect(id).toMatch(/^admin\./);
      else expect(id).not.toMatch(/^admin\./);
      // The operator API's document holds exactly the admin operations.
      expect(audience === 'operator').toBe(id.startsWith('admin.'));
      expect(path.startsWith('/v1/simulate/')).toBe(id.startsWith('simulate.'));
    },
  );

  it('each webhook is events.<its type in camel case>, one per event type', () => {
    // Issue 30, item 5: tools named them postorder_status_updated.
    expect(webhooks.map(({ type }) => type).sort()).toEqual([...eventTypeNames].sort());
    for (const { type, operation } of webhooks) expect(operation.operationId).toBe(eventOperationId(type));
    expect(eventOperationId('order_status_updated')).toBe('events.orderStatusUpdated');
    expect(eventOperationId('pending_payment_created_or_detected')).toBe('events.pendingPaymentCreatedOrDetected');
  });

  it('a documented route whose schema declares none is refused when the document is built', () => {
    expect(() => operationIdOf({ summary: 'x' }, 'GET', '/v1/things')).toThrow(/declares no operationId/);
    expect(() => operationIdOf({ operationId: 'Things-List' }, 'GET', '/v1/things')).toThrow(/resource\.action/);
    expect(operationIdOf({ operationId: 'things.list' }, 'GET', '/v1/things')).toBe('things.list');
    expect(() => eventOperationId('order_v2_updated')).toThrow(/makes no operationId/);
  });
});
