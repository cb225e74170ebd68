-- A payout file (pain.001, NACHA) names every beneficiary's account: it is kept sealed under SECRETS_KEY (issue #28;
-- platform/secrets/sealed-columns.ts) and opened only to be downloaded. A batch cut from now on stores only
-- file_content_sealed. SQL cannot seal (it has no key), so a batch cut before this migration keeps its file in
-- file_content, downloaded as it is, until something with the key seals it; a row holds its file in exactly one of
-- the two.
alter table payout_batches
  add column file_content_sealed text,
  alter column file_content drop not null,
  add constraint payout_batches_file_once check ((file_content is null) <> (file_content_sealed is null));
