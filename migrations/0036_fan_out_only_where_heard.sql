-- Issue #15, item 2: PostgreSQL worked for each event's fan-out even in workspaces without endpoints (the dispatcher
-- claimed the row, joined the endpoints, found none and updated the row again). An event that no endpoint of its
-- workspace listens to (none active, or none enabled for its type) is now marked fanned out as it is written, in the
-- writer's own statement, and wakes no dispatcher. The events API reads every event either way; the race with an
-- endpoint registered at the same moment is the same as before (an endpoint receives what is fanned out after it
-- is visible), see docs/decisions/performance.md, "Fan-out only where an endpoint listens".
create function outbox_events_skip_unheard() returns trigger language plpgsql as $$
begin
  if new.fanned_out_at_ms is null and not exists (
    select 1 from webhook_endpoints e
    where e.workspace_id = new.workspace_id and e.is_active and e.deleted_at_ms is null
      and (e.enabled_events is null or new.type = any (e.enabled_events))
  ) then
    new.fanned_out_at_ms := new.occurred_at_ms;
  end if;
  return new;
end $$;
create trigger outbox_events_skip_unheard before insert on outbox_events
  for each row execute function outbox_events_skip_unheard();

-- Only events left for the dispatcher wake it (NOTIFY folds repeats within a transaction into one).
drop trigger outbox_events_notify on outbox_events;
create trigger outbox_events_notify after insert on outbox_events
  for each row when (new.fanned_out_at_ms is null) execute function outbox_events_notify();
