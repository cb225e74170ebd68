import type { Static } from 'typebox';
import { eventApiVersion } from '../../events/catalogue.js';
import type { EventRow } from './repo.js';
import type { Event } from './schema.js';

/** The envelope every endpoint received (events/dispatcher.ts writes the same fields), and when it was recorded. */
export function eventView(row: EventRow): Static<typeof Event> {
  return {
    eventId: row.event_uid,
    id: row.event_id,
    type: row.type,
    api_version: eventApiVersion,
    data: row.data,
    createdAt: Number(row.occurred_at_ms),
  };
}
