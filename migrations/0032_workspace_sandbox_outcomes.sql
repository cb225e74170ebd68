-- Who decides a workspace's sandbox outcomes (issue #13, item 4; docs/decisions/sandbox-and-simulator.md): 'automatic', the
-- sandbox settles each payout and activates each deposit method after SANDBOX_SETTLE_DELAY_MS (and the magic amounts
-- steer it); 'manual', they wait for the helpers by id under /v1/simulate. Stage sets it with
-- PUT /v1/simulate/settings; production never registers that route nor reads the column. It lives in the row, read
-- when a scheduled outcome runs, so every process sharing the database agrees; it is not in the per-process cache.
alter table workspaces add column sandbox_outcomes text not null default 'automatic'
  check (sandbox_outcomes in ('automatic', 'manual'));
