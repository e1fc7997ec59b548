import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client';

interface Runnable<Result> {
  execute(placeholders?: Record<string, unknown>): Promise<Result>;
}

/** A drizzle query whose values are `sql.placeholder`s, so that it can be built once and run with each request's values. */
interface Preparable<Result> extends Runnable<Result> {
  prepare(name: string): Runnable<Result>;
}

/**
 * A query that runs on most requests (the session, the signed-in member or staff member). On the
 * database it is built once: drizzle keeps its SQL and row mapping instead of building both each
 * time. Inside a transaction it is built for that transaction, so that it runs there.
 *
 * The statement stays unnamed, so PostgreSQL still parses it on each run. A named one would be
 * parsed once per connection, but it breaks wherever connections share a session: the embedded
 * database's socket runs every process's connection in one (a CLI then finds the portal's statement
 * of that name), and so does a pooler in transaction mode.
 */
export function preparedQuery<Params extends Record<string, unknown>, Result>(build: (executor: Executor) => Preparable<Result>) {
  const statements = new WeakMap<Db, Runnable<Result>>();
  return (executor: Executor, params: Params): Promise<Result> => {
    if (is(executor, PgTransaction)) return build(executor).execute(params);
    const db = executor as Db;
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db).prepare('');
      statements.set(db, statement);
    }
    return statement.execute(params);
  };
}
