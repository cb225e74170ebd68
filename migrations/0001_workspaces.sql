-- Workspaces: the partner's tenant, its API credentials and the operator-set knobs.
create table workspaces (
  id text primary key,
  name text not null,
  client_id text not null unique,
  username text not null,
  -- scrypt$N$r$p$salt$hash; the password itself is shown once at creation or rotation and never stored.
  password_hash text not null,
  -- Bumped on every credential rotation; tokens carry the version they were minted under.
  credential_version integer not null default 1,
  enabled boolean not null default true,
  simulation boolean not null,
  -- null: every pair the catalogue supports.
  enabled_pairs text[],
  fee_schedule jsonb not null,
  -- null: the server's WRITE_RATE_LIMIT_PER_MINUTE.
  write_limit_per_minute integer,
  read_throttle_lifted boolean not null default false,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);

-- Failed token requests per workspace client, shared by every server process, to slow brute force.
create table login_throttle (
  workspace_id text primary key references workspaces (id) on delete cascade,
  consecutive_failures integer not null default 0,
  next_attempt_at_ms bigint not null default 0
);

-- Keys every server process must share (the token-signing key), generated once by whichever process starts first.
create table server_keys (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
