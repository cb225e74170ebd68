-- Issue #28, item 3: the audit log is append-only in the database, not only by the code's habit. A row is written
-- (INSERT) and read; an UPDATE, a DELETE or a TRUNCATE of audit_log is refused by the triggers below, whoever sends
-- it through an ordinary session, so a bug, a careless statement in psql or a stolen application connection cannot
-- rewrite the record quietly. What they do not stop: the table's owner or a superuser can drop or disable the
-- triggers first (DDL, which PostgreSQL logs with log_statement = 'ddl'); a superuser can also set
-- session_replication_role = replica, under which ordinary triggers do not fire. docs/operating.md, "Reading the
-- audit log", says how operators check that the triggers are in place.
create function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % refused', tg_op
    using errcode = 'insufficient_privilege',
          hint = 'entries are only ever added; see docs/operating.md, "Reading the audit log"';
end $$;

-- Statement triggers: the statement is refused before it touches a row, even one that would match none.
create trigger audit_log_no_update before update on audit_log
  for each statement execute function audit_log_refuse_change();
create trigger audit_log_no_delete before delete on audit_log
  for each statement execute function audit_log_refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse_change();

-- Sign-in attempts are recorded too (the console's sign-in, item 3): an attempt that did not authenticate is made by
-- someone at the console who is no operator yet, recorded with actor_kind 'operator', no operator_id and the e-mail
-- tried. The rule "an operator row names its operator" becomes "only an operator row may name one".
alter table audit_log drop constraint audit_log_check;
alter table audit_log add constraint audit_log_operator_id_check check (actor_kind = 'operator' or operator_id is null);
