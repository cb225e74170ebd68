-- List and count support: the expected amount in major units (amount filters compare across currencies), and
-- prefix indexes for `search` (id, reference code, payer email), so a page or a count never scans.
alter table deposits add column amount_major numeric;
create index deposits_id_prefix on deposits (workspace_id, id text_pattern_ops);
create index deposits_reference_prefix on deposits (workspace_id, reference_code text_pattern_ops);
create index deposits_payer_prefix on deposits (workspace_id, payer_email text_pattern_ops);
