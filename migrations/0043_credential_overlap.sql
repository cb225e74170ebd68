-- A workspace's password rotated with an overlap (issue 30): the password being replaced keeps working at the token
-- endpoint, and the tokens minted with it keep working, until previous_password_expires_at_ms; then only the current
-- one. One previous password at a time (a rotation during an overlap replaces it); both null when there is none (a
-- workspace never rotated with an overlap, a rotation with overlapSeconds 0, a revoked overlap). The previous
-- password's credential version is always credential_version - 1: only a rotation sets either column.
alter table workspaces
  add column previous_password_hash text,
  add column previous_password_expires_at_ms bigint,
  add constraint workspaces_previous_password_whole
    check ((previous_password_hash is null) = (previous_password_expires_at_ms is null));
