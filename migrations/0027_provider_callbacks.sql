-- Callbacks of the brokerage's provider service (issue #18, part 5; docs/decisions/providers-and-production-evidence.md): inbound credits and
-- payout outcomes, each under the provider's own callbackId. The row is claimed in the transaction that applies the
-- callback, so a callback sent again (a retry, a replay) answers the result recorded here and changes nothing, and a
-- different body under a used callbackId is refused. A refused callback (unknown deposit, wrong currency) is not
-- recorded: the provider may send it again once it can be applied.
create table provider_callbacks (
  callback_id text primary key,
  kind text not null check (kind in ('inbound-credit', 'payout-outcome')),
  -- sha256 of the body's canonical JSON (keys sorted): the same callback re-serialised is still the same callback.
  body_sha256 text not null,
  -- What the callback did ('credited', 'applied', 'already-applied', 'unresolved'), answered again to a repeat.
  result text not null,
  -- The deposit or payout it named, for operators.
  subject_id text not null,
  received_at_ms bigint not null
);
