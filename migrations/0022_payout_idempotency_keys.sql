-- The Idempotency-Key that created an order or a withdrawal (its key and account scope; the workspace is the
-- resource's own), null when the request carried none. A payout that fails after the 201 was answered consumes
-- that key (spec, Idempotent writes rule 5): the failure finds the key by its primary key, no index needed.
alter table orders add column idempotency_key text, add column idempotency_scope text;
alter table withdrawals add column idempotency_key text, add column idempotency_scope text;
