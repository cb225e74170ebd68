-- A test clock per workspace (issue #13, item 4; docs/decisions/sandbox-and-simulator.md): the workspace's now is the system
-- time plus this offset. Stage moves it forward with POST /v1/simulate/clock/advance; production never registers that
-- route, so the offset stays 0 there. It never goes backwards (the check, and the advance only adds to it). It lives
-- in the row, read at the moment a deadline is set or checked, so every process sharing the database sees one
-- offset; it is deliberately not part of the per-process workspace cache.
alter table workspaces add column clock_offset_ms bigint not null default 0 check (clock_offset_ms >= 0);
