-- Mail sent within one millisecond must still read newest first: order by an insertion sequence, not the clock.
alter table sandbox_mailbox add column seq bigint generated always as identity;
create index sandbox_mailbox_recipient_seq on sandbox_mailbox (workspace_id, to_email, seq);
