-- Issue #12, items 1 and 2 (docs/decisions/webhooks-and-events.md): a stable event id and the events API.
--
-- Every event gets its own id at commit, the envelope's `eventId`: the same on every delivery, retry and re-send of
-- that event, unlike the spec's envelope `id`, which is the entity's id for entity events. The default fills it for
-- every insert that does not give one (and for the rows already here); verification events give their
-- `data.eventId`, so that the two are equal (events/outbox.ts).
alter table outbox_events add column event_uid uuid not null default gen_random_uuid();
create unique index outbox_events_event_uid on outbox_events (event_uid);

-- GET /v1/events: a workspace's events newest first (occurred_at_ms, then id, descending, as every list), read
-- from the index in order and bounded by the retention horizon and the from/to window; the type and entityId filters
-- each have their own index in the same order, so a page stops after `limit` rows whatever the filter.
create index outbox_events_workspace_listed on outbox_events (workspace_id, occurred_at_ms desc, id desc);
create index outbox_events_workspace_type on outbox_events (workspace_id, type, occurred_at_ms desc, id desc);
create index outbox_events_workspace_entity on outbox_events (workspace_id, event_id, occurred_at_ms desc, id desc);
