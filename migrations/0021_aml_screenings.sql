-- AML screenings (issue 11, item 4): sanctions lists imported by operators, and the partner's screenings of people
-- and businesses against them.

-- One row per imported list (today only OFAC_SDN). An import replaces the list's entries in one transaction and
-- bumps `version`, which every process's matcher compares to know when to reload.
create table sanctions_lists (
  list text primary key,
  -- The list's publication date as the operator gave it (or the downloaded file's date); null when unknown.
  list_date text,
  imported_at_ms bigint not null,
  entry_count integer not null,
  alias_count integer not null,
  -- sha256 of the sdn.csv (then alt.csv) bytes imported, so that operators can tell two imports apart.
  sha256 text not null,
  version integer not null
);

-- One listed party (an sdn.csv row) with its alternate names (alt.csv rows) folded in.
create table sanctions_entries (
  list text not null references sanctions_lists (list) on delete cascade,
  entry_id text not null,
  name text not null,
  -- individual, entity, vessel or aircraft (OFAC leaves SDN_Type empty for entities).
  entry_type text not null,
  programs text[] not null,
  aliases text[] not null,
  -- The "DOB ..." phrases of the remarks, as written ("10 Dec 1948", "circa 1960", "1961 to 1963").
  dates_of_birth text[] not null,
  remarks text,
  primary key (list, entry_id)
);

create table aml_screenings (
  id text primary key,
  workspace_id text not null references workspaces (id),
  -- The account the screening is about, when the partner named a userEmail (its holder account then).
  account_id text references accounts (id),
  user_email text,
  entity_type text not null check (entity_type in ('INDIVIDUAL', 'BUSINESS')),
  -- The names, date of birth and country as screened.
  subject jsonb not null,
  status text not null check (status in ('CLEAR', 'POTENTIAL_MATCH', 'CONFIRMED_MATCH', 'FALSE_POSITIVE')),
  matches jsonb not null,
  -- Which lists (and which import of each) the screening was run against.
  lists jsonb not null,
  resolution_note text,
  resolved_at_ms bigint,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
create index aml_screenings_workspace_created on aml_screenings (workspace_id, created_at_ms desc, id desc);
create index aml_screenings_status_created on aml_screenings (status, created_at_ms desc, id desc);
-- The money gate asks this on every order, deposit and withdrawal that names an account: keep it small.
create index aml_screenings_confirmed on aml_screenings (workspace_id, account_id) where status = 'CONFIRMED_MATCH';
create index aml_screenings_confirmed_email on aml_screenings (workspace_id, user_email)
  where status = 'CONFIRMED_MATCH';
