import { sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * One row of expressions read without a table (`select (subquery) as a, count(...) as b`): the
 * figures that a list reads beside its rows, when there are no rows to carry them.
 */
export async function selectValues<Fields extends SelectedFields>(db: Executor, fields: Fields) {
  const [row] = await db.select(fields).from(sql`(select 1) as one`);
  return row!;
}
