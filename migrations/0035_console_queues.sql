-- The operator console's queues (issue 14, item 3).
--
-- The captured identity document of a verification attempt, kept so that a person can look at it in manual review
-- (the console's KYC queue). One per attempt: the image or PDF the hosted page's document step received, its kind
-- told by its bytes (domain/documents/document-kind.ts). Until now only its size, type and digest were kept. An
-- identity document is personal data: its bytes are sealed under SECRETS_KEY (platform/sealing.ts), like the
-- webhook secrets and stored payout instruments, so a copy of the database alone does not show them.
create table kyc_documents (
  session_id text primary key references kyc_sessions (id),
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'application/pdf')),
  content_sealed text not null,
  stored_at_ms bigint not null
);

-- What waits for a person, across every workspace, read oldest first: small partial indexes, so that a queue and
-- its count never scan a whole table.
create index deposits_compliance_review on deposits (updated_at_ms, id) where status = 'ComplianceReview';
create index orders_compliance_review on orders (updated_at_ms, id) where status = 'ComplianceReview';
create index accounts_reviewing on accounts (workspace_id) where verification_status = 'REVIEWING';
create index pending_payments_refund_approval on pending_payments (updated_at_ms, id)
  where status = 'UNMATCHED' and refund_status = 'pending_approval';
create index support_tickets_awaiting on support_tickets (created_at_ms) where status in ('OPEN', 'IN_PROGRESS');
create index conversations_awaiting on conversations (last_message_at_ms) where status = 'OPEN';
