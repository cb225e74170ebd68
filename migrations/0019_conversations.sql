-- Conversations (spec: Conversations): threads between the brokerage and a partner about one of the partner's end
-- users, for example compliance asking for a document about a customer's payment. Either side writes messages;
-- a message may carry attachments (JPEG, PNG or PDF, up to 5 MB each), stored here with it.
create table conversations (
  id uuid primary key,
  workspace_id text not null references workspaces (id),
  -- Lower-cased: the end user is named by email, compared without case as everywhere else.
  end_user_email text not null,
  subject text not null,
  status text not null check (status in ('OPEN', 'CLOSED')),
  opened_by text not null check (opened_by in ('partner', 'brokerage')),
  closed_by text check (closed_by in ('partner', 'brokerage')),
  -- Kept with every message, in its transaction, so a list needs no aggregate over the messages.
  message_count integer not null default 0,
  last_message_by text check (last_message_by in ('partner', 'brokerage')),
  last_message_at_ms bigint,
  created_at_ms bigint not null,
  updated_at_ms bigint not null,
  closed_at_ms bigint,
  check ((status = 'CLOSED') = (closed_at_ms is not null))
);
create index conversations_workspace on conversations (workspace_id, created_at_ms desc, id desc);
create index conversations_end_user on conversations (workspace_id, end_user_email, created_at_ms desc, id desc);
-- The operators' list across every workspace.
create index conversations_all on conversations (created_at_ms desc, id desc);

-- Numbered per conversation from 1: the order in which they were written, however close in time.
create table conversation_messages (
  id uuid primary key,
  conversation_id uuid not null references conversations (id),
  position integer not null check (position > 0),
  author text not null check (author in ('partner', 'brokerage')),
  body text not null,
  created_at_ms bigint not null,
  unique (conversation_id, position)
);

-- An attachment is numbered within its message from 1; its kind was told by its bytes, never by a client's claim.
create table conversation_attachments (
  message_id uuid not null references conversation_messages (id),
  position smallint not null check (position > 0),
  file_name text,
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'application/pdf')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 5242880),
  sha256 text not null,
  content bytea not null,
  primary key (message_id, position)
);
