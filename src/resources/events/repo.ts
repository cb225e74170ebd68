// The events API reads the outbox through the functions of its owner, the events capability (events/outbox-reads.ts):
// this resource holds no SQL of its own.
export { type EventQuery, type EventRow, findEvent, listEvents, type Place } from '../../events/outbox-reads.js';
