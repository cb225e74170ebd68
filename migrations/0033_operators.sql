-- Operator accounts of the console (issue #14, item 1; docs/decisions/operators-console-and-audit.md): people with a role, a password
-- hashed with scrypt (the parameters travel in the hash), a TOTP secret sealed under SECRETS_KEY (platform/sealing.ts),
-- sessions in the database, and the sign-in attempts the throttle counts.
create table operators (
  id text primary key,
  email text not null,
  role text not null check (role in ('viewer', 'support', 'compliance', 'admin')),
  -- null until the operator sets it on the enrolment page.
  password_hash text,
  -- The TOTP secret, sealed. Set (unconfirmed) when the enrolment page first shows the QR code; totp_enrolled once a
  -- code from it was confirmed.
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
-- One account per address, whatever its case.
create unique index operators_email on operators (lower(email));

-- A session: its id is the SHA-256 of the cookie's random token, so the table never holds a usable credential.
-- 'second-factor' while the password is checked and the code not yet; 'signed-in' after (a new row: the id is rotated).
create table operator_sessions (
  id text primary key,
  operator_id text not null references operators (id),
  stage text not null check (stage in ('second-factor', 'signed-in')),
  -- The synchronizer token every form of this session carries.
  csrf_token text not null,
  created_at_ms bigint not null,
  last_seen_at_ms bigint not null,
  expires_at_ms bigint not null,
  revoked_at_ms bigint,
  address text not null,
  user_agent text
);
create index operator_sessions_operator on operator_sessions (operator_id, created_at_ms desc);

-- Sign-in attempts, for the throttle per account and per address (domain/operators/login-throttle.ts). The email as
-- typed (lower-cased), known account or not, so that the throttle does not tell which addresses have accounts.
create table operator_login_attempts (
  id bigint generated always as identity primary key,
  email text not null,
  address text not null,
  at_ms bigint not null,
  succeeded boolean not null
);
create index operator_login_attempts_email on operator_login_attempts (email, at_ms);
create index operator_login_attempts_address on operator_login_attempts (address, at_ms);
