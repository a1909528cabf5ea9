/**
 * The rows of a raw `db.execute(sql`…`)` result, typed as the query's columns. Both drivers answer
 * `{ rows }` (node-postgres' QueryResult, PGlite's Results), but drizzle types the result as unknown
 * when the database may be either; this is the one place that says so. `T` is the caller's promise
 * about the columns the SQL selects: snake_case names, bigint and numeric columns as strings.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
