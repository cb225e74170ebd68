-- What priced a quote, so that it can be explained after the feed has moved on: the price source's kind
-- ('reference-table', 'ecb-daily-xml', 'json-feed'), the source's own timestamp of each of the two rates used, and
-- the exact mid rate (destination units per origin unit, before spread) that the order's spread is measured against,
-- so that binding a quote never needs the feed again. Null on quotes written before this migration.
alter table quotes
  add column price_source text,
  add column origin_rate_as_of_ms bigint,
  add column destination_rate_as_of_ms bigint,
  add column mid_rate numeric;
