-- Issue #16, item 4: access tokens' signing keys rotate without downtime (docs/reliability/rotation.md). Tokens
-- carry the key's id in their `kid` header; every live key verifies, the newest whose signs_from_ms has passed
-- signs (a new key verifies at once and signs only once every process has had time to load it). Retiring a key
-- erases its secret: its tokens are refused by every process within the key refresh interval.
create table token_signing_keys (
  kid text primary key,
  -- The HMAC-SHA256 key, base64; null once retired.
  secret text,
  created_at_ms bigint not null,
  signs_from_ms bigint not null,
  retired_at_ms bigint,
  check ((secret is null) = (retired_at_ms is not null))
);

-- The key every process shared until now keeps verifying (and signing) as 'legacy': tokens minted without a kid
-- are verified with it. Its server_keys row stays for processes of the previous version during a rolling upgrade.
insert into token_signing_keys (kid, secret, created_at_ms, signs_from_ms)
select 'legacy', value, 0, 0 from server_keys where name = 'token_signing_key';
