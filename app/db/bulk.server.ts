// Many rows as one statement parameter: `insert into t (cols) ${jsonRows(rows, types)}` or
// `update t set … from (${jsonRows(…)}) v where …`. A job's batch (renewals, their e-mails) writes
// hundreds of rows per table; as a multi-row VALUES, drizzle spends tens of microseconds building
// each bound value, which for 10k renewals was seconds of CPU. As JSON it is one string, and
// PostgreSQL (or PGlite) reads it back typed with jsonb_to_recordset.
import { sql, type SQL } from 'drizzle-orm';

/** A column's PostgreSQL type as jsonb_to_recordset reads it. */
export type ColumnType = 'uuid' | 'text' | 'integer' | 'numeric' | 'date' | 'timestamptz' | 'jsonb' | 'boolean';

const quoted = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`coluna inválida: ${name}`);
  return `"${name}"`;
};

/**
 * `select <columns> from jsonb_to_recordset($1)`: the rows (objects keyed by column name; Dates
 * become ISO strings, undefined becomes null) as a relation with these columns and types.
 */
export function jsonRows(rows: readonly Record<string, unknown>[], columns: Record<string, ColumnType>): SQL {
  const names = Object.keys(columns);
  const list = names.map(quoted).join(', ');
  const typed = names.map((n) => `${quoted(n)} ${columns[n]}`).join(', ');
  return sql`select ${sql.raw(list)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(typed)})`;
}

/** The column list of an INSERT fed by `jsonRows` with the same columns. */
export function columnList(columns: Record<string, ColumnType>): SQL {
  return sql.raw(`(${Object.keys(columns).map(quoted).join(', ')})`);
}

/** The rows a `tx.execute` returned, on either driver (node-postgres' result or PGlite's). */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * `array(...)` of these ids, typed, from one jsonb parameter: `${column} = any(${jsonArray(ids, 'uuid')})`
 * (drizzle's inArray binds one parameter per id, which for a job's batch is the CPU bulk inserts avoid).
 */
export function jsonArray(ids: readonly string[], type: 'uuid' | 'text'): SQL {
  return sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::${sql.raw(type)})`;
}

/**
 * A `json`/`json_agg` value read back: node-postgres hands it over as text (the app's type
 * parsers), PGlite already parsed. For `sql<T>\`…\`.mapWith(parsedJson<T>)` in a select.
 */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
