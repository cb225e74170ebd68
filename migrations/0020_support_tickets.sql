-- Support tickets (spec: the support_ticket_* events): a partner's own request to the brokerage's support,
-- optionally about one of its orders, deposits or withdrawals. Statuses and moves: src/domain/states/
-- support-ticket-status.ts.
create table support_tickets (
  id uuid primary key,
  workspace_id text not null references workspaces (id),
  subject text not null,
  description text not null,
  category text not null,
  status text not null check (status in ('OPEN', 'IN_PROGRESS', 'WAITING_ON_PARTNER', 'RESOLVED', 'CLOSED')),
  entity_type text check (entity_type in ('order', 'deposit', 'withdrawal')),
  entity_id text,
  message_count integer not null default 0,
  created_at_ms bigint not null,
  updated_at_ms bigint not null,
  closed_at_ms bigint,
  check ((entity_type is null) = (entity_id is null)),
  check ((status = 'CLOSED') = (closed_at_ms is not null))
);
create index support_tickets_workspace on support_tickets (workspace_id, created_at_ms desc, id desc);
-- The operators' queue across every workspace, by status.
create index support_tickets_status on support_tickets (status, created_at_ms desc, id desc);
create index support_tickets_all on support_tickets (created_at_ms desc, id desc);

create table support_ticket_messages (
  id uuid primary key,
  ticket_id uuid not null references support_tickets (id),
  position integer not null check (position > 0),
  author text not null check (author in ('partner', 'brokerage')),
  body text not null,
  created_at_ms bigint not null,
  unique (ticket_id, position)
);
