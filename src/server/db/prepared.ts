import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { takesNamedStatements, type Db, type Executor } from './client';

interface Runnable<Result> {
  execute(placeholders?: Record<string, unknown>): Promise<Result>;
}

/** A drizzle query whose values are `sql.placeholder`s, so that it can be built once and run with each request's values. */
interface Preparable<Result> extends Runnable<Result> {
  prepare(name: string): Runnable<Result>;
}

const names = new Set<string>();

/**
 * A query that runs on most requests (the session, the signed-in member or staff member). On the
 * database it is built once: drizzle keeps its SQL and row mapping instead of building both each
 * time, and where the database takes named statements (takesNamedStatements), PostgreSQL keeps its plan. Inside a transaction it is
 * built for that transaction, so that it runs there.
 */
export function preparedQuery<Params extends Record<string, unknown>, Result>(name: string, build: (executor: Executor) => Preparable<Result>) {
  if (names.has(name)) throw new Error(`two prepared queries are named ${name}`);
  names.add(name);
  const statements = new WeakMap<Db, Runnable<Result>>();
  return (executor: Executor, params: Params): Promise<Result> => {
    if (is(executor, PgTransaction)) return build(executor).execute(params);
    const db = executor as Db;
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db).prepare(takesNamedStatements(db) ? name : '');
      statements.set(db, statement);
    }
    return statement.execute(params);
  };
}
