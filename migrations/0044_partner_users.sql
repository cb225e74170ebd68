-- The partner dashboard's people (issue 30, item 1; docs/decisions/partner-dashboard.md): a workspace's own engineers,
-- invited by an operator or by the workspace's admin, each with a role, a password hashed with scrypt, a TOTP secret
-- sealed under SECRETS_KEY, and sessions of their own. The shape is the operators' (0033): the same mechanisms,
-- separate accounts, so that no partner user is ever an operator nor the other way.
create table partner_users (
  id text primary key,
  workspace_id text not null references workspaces (id),
  email text not null,
  role text not null check (role in ('viewer', 'developer', 'admin')),
  -- null until the person sets it on the enrolment page.
  password_hash text,
  -- Sealed; set (unconfirmed) when the enrolment page first shows the QR code; totp_enrolled once a code confirmed it.
  totp_secret_sealed text,
  totp_enrolled boolean not null default false,
  -- The last time step whose code was accepted: a code is never taken twice (RFC 6238 section 5.2).
  totp_last_step bigint,
  -- The enrolment link's secret, as its SHA-256; cleared once used.
  enrolment_token_hash text unique,
  enrolment_expires_at_ms bigint,
  enrolled boolean not null default false,
  disabled boolean not null default false,
  created_at_ms bigint not null,
  updated_at_ms bigint not null,
  last_sign_in_at_ms bigint,
  check (not enrolled or password_hash is not null)
);
-- One account per address, whatever its case, across workspaces: the sign-in page asks for an e-mail only, so the
-- address must name one account (docs/decisions/partner-dashboard.md, "One address, one workspace").
create unique index partner_users_email on partner_users (lower(email));
create index partner_users_workspace on partner_users (workspace_id, created_at_ms);

-- A dashboard session, as operator_sessions: its id is the SHA-256 of the cookie's random token.
create table partner_user_sessions (
  id text primary key,
  partner_user_id text not null references partner_users (id),
  stage text not null check (stage in ('second-factor', 'signed-in')),
  csrf_token text not null,
  created_at_ms bigint not null,
  last_seen_at_ms bigint not null,
  expires_at_ms bigint not null,
  revoked_at_ms bigint,
  address text not null,
  user_agent text
);
create index partner_user_sessions_user on partner_user_sessions (partner_user_id, created_at_ms desc);

-- The audit log records what partner users do in the dashboard too: actor_kind 'partner-user', via 'dashboard',
-- the person's id in partner_user_id (none for a refused sign-in that named no account, as for operators since 0040)
-- and their e-mail where an operator's goes (operator_email, the actor's e-mail).
alter table audit_log drop constraint audit_log_actor_kind_check;
alter table audit_log add constraint audit_log_actor_kind_check
  check (actor_kind in ('operator', 'admin-token', 'partner-user'));
alter table audit_log drop constraint audit_log_via_check;
alter table audit_log add constraint audit_log_via_check check (via in ('console', 'api', 'cli', 'dashboard'));
alter table audit_log add column partner_user_id text;
alter table audit_log add constraint audit_log_partner_user_id_check
  check (actor_kind = 'partner-user' or partner_user_id is null);
create index audit_log_partner_user on audit_log (partner_user_id, occurred_at_ms desc, id desc)
  where partner_user_id is not null;
