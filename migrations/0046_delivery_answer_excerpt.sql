-- The start of a receiver's answer to a delivery attempt (issue 30, item 1: "every attempt (status, latency, answer
-- excerpt, next retry)"): at most limits.webhookAnswerExcerptBytes of its body, as UTF-8 text, so that the dashboard
-- and the console can show why an endpoint refused an event. Null: no answer (a refused target, a timeout) or an
-- empty body, and every attempt made before this migration. Pruned with its delivery by housekeeping.
alter table webhook_deliveries add column answer_excerpt text;
