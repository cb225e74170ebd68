/**
 * The parameters of a statement assembled from parts. A write that must be one statement (one round trip, atomic
 * without a transaction) is several CTEs, each written by the module that owns its table; each part adds its values
 * here and gets the next `$n`, so no part counts placeholders for another.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /**
   * Adds a value and answers its placeholder. `cast` types it: PostgreSQL infers a parameter's type from a column
   * only in VALUES and comparisons, and takes an untyped one in a SELECT list (INSERT ... SELECT) as text.
   */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast === undefined ? `$${this.values.length}` : `$${this.values.length}::${cast}`;
  }
}
