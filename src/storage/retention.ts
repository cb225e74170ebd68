// A prune statement: the contract between the owner of a table, which says what of it is past its retention and
// removes it (docs/architecture.md, "Who owns which table"), and housekeeping (jobs/housekeeping/), which runs each
// owner's statement a batch at a time and reports what went (docs/decisions/storage-and-reliability.md, "Retention and housekeeping").
//
// A statement picks at most `$2` rows past its horizon `$1`, oldest first from `$3` along its horizon column (along
// an index of migration 0030), locks them with SKIP LOCKED (so two runs at once never wait on each other and remove
// each row once, and a row a request holds is left for the next run), deletes them, and answers one row: how many it
// picked (`candidates`), how far along the horizon column it reached (`reached`: the next batch starts there, so rows
// a rule keeps are not read again in this run), and how many it removed per table, under the names housekeeping
// reports (jobs/housekeeping/targets.ts, `prunedTables`). Its own parameters, if any, are `$4` on.

/** One owner's prune statement; `Horizons` is what it needs of housekeeping's horizons (instants, Unix ms). */
export interface RetentionTarget<Horizons> {
  readonly name: string;
  readonly sql: string;
  /** `$1`, its horizon (rows before it are past it), then its own parameters (`$4` on). */
  readonly params: (horizons: Horizons) => readonly unknown[];
}

/**
 * How every prune statement ends: one row with the batch's figures. `doomed` holds the picked rows and their `at`
 * (the horizon column's value); `counts` names, per reported table, the CTE of the rows it deleted.
 */
export const retentionFigures = (counts: Readonly<Record<string, string>>): string =>
  `select (select count(*) from doomed) as candidates, (select max(at) from doomed) as reached, ${Object.entries(counts)
    .map(([table, cte]) => `(select count(*) from ${cte}) as "${table}"`)
    .join(', ')}`;
