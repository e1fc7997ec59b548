import { randomBytes } from 'node:crypto';
import { is, Param, sql, type AnyColumn, type Placeholder } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

interface Runnable<Result> {
  execute(placeholders?: Record<string, unknown>): Promise<Result>;
}

/** A drizzle query whose values are `sql.placeholder`s, so that it can be built once and run with each request's values. */
interface Preparable<Result> extends Runnable<Result> {
  prepare(name: string): Runnable<Result>;
}

const names = new Set<string>();

/**
 * Ends every statement name of this process. A connection that is not a session of its own (a CLI
 * given the embedded database's socket as DATABASE_URL) finds the statements that earlier processes
 * left in the shared session; with its own names it never takes one of theirs.
 */
const processTag = randomBytes(4).toString('hex');

/** The connection a query runs on: the pool of a database, or the client a transaction holds (drizzle's session keeps it). */
function connectionOf(executor: Executor): unknown {
  return is(executor, PgTransaction) ? (executor as unknown as { session: { client: unknown } }).session.client : (executor as unknown as { $client: unknown }).$client;
}

/**
 * A query that runs on many requests (the session, the signed-in member or staff member, a busy
 * page, a transfer's steps). It is built once: drizzle keeps its SQL and row mapping instead of
 * building both each time (building a query costs more of the server's time than reading its
 * answer). Each run sends it on the caller's connection: the database's pool, or the transaction's
 * own client, so that it runs inside the transaction.
 *
 * The statement is named: each connection parses and plans it once, not on every run (a balance
 * read spent more time in PostgreSQL's parser and planner than in its execution). Connections to
 * the embedded database keep their names apart in its one session, or leave them unnamed in
 * another process's (client.ts). A pooler in front of a PostgreSQL server must keep prepared
 * statements (PgBouncer 1.21 and later, with max_prepared_statements, in transaction mode).
 */
export function preparedQuery<Params extends Record<string, unknown>, Result>(name: string, build: (executor: Executor) => Preparable<Result>) {
  if (names.has(name)) throw new Error(`two prepared queries are named ${name}`);
  names.add(name);
  const statementName = `${name}_${processTag}`;
  let statement: Runnable<Result> | undefined;
  return (executor: Executor, params: Params): Promise<Result> => {
    statement ??= build(executor).prepare(statementName);
    // The built statement with the caller's connection in place of the one it was built on.
    const onConnection = Object.create(statement, { client: { value: connectionOf(executor) } }) as Runnable<Result>;
    return onConnection.execute(params);
  };
}

/** A value of a prepared query, filled in on each run and written as `column` writes it (a date as a timestamp). */
export function valueFor(name: string, column: AnyColumn): Param {
  return new Param(sql.placeholder(name), column);
}

/**
 * Rows of placeholders for a prepared write of `count` rows (an insert's values, a VALUES list):
 * row i's value of `key` is named `${prefix}${key}${i}`. rowValues gives the values under the same
 * names. Two lists of rows in one statement need two prefixes, or a key they share names one value.
 */
export function placeholderRows<Key extends string>(keys: readonly Key[], count: number, prefix = ''): Array<Record<Key, Placeholder>> {
  return Array.from({ length: count }, (_, index) => Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${prefix}${key}${index}`)])) as Record<Key, Placeholder>);
}

/** The values of `rows` named as placeholderRows names them; a value left out is null. */
export function rowValues<Key extends string>(keys: readonly Key[], rows: ReadonlyArray<Partial<Record<Key, unknown>>>, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(rows.flatMap((row, index) => keys.map((key) => [`${prefix}${key}${index}`, row[key] ?? null])));
}

/**
 * A prepared query per shape, each built the first time it is asked for: a list page's query per
 * shape of its optional filters (which of them are set: one bit each, shapeOf), or a write per
 * number of rows it writes (a transfer's two ledger entries).
 */
export function preparedQueryByShape<Params extends Record<string, unknown>, Result>(name: string, build: (shape: number) => (executor: Executor) => Preparable<Result>) {
  const queries = new Map<number, (executor: Executor, params: Params) => Promise<Result>>();
  return (shape: number, executor: Executor, params: Params): Promise<Result> => {
    let query = queries.get(shape);
    if (!query) queries.set(shape, (query = preparedQuery<Params, Result>(`${name}_${shape}`, build(shape))));
    return query(executor, params);
  };
}

/**
 * The row limits a prepared list query is built with, written into it as constants. Given its limit
 * as a parameter, PostgreSQL plans the statement anew on every run: its generic plan assumes the
 * limit takes a tenth of the table, so it never wins against a plan made for the value (seen in
 * pg_prepared_statements: the order list planned 1600 times in 1600 runs, every other prepared
 * query once). A page reads the smallest step that holds its limit and cuts the rest.
 */
const LIMIT_STEPS = [21, 51, 101] as const;

/**
 * The shape of a list page for preparedQueryByShape: its filters' bits (shapeOf), and above them
 * the step of LIMIT_STEPS that holds `limit` rows; over the last step, an error of the caller.
 */
export function pageShapeOf<Filter>(filter: Filter, keys: readonly (keyof Filter)[], limit: number): number {
  const step = LIMIT_STEPS.findIndex((rows) => rows >= limit);
  if (step === -1) throw new Error(`a page of ${limit} rows is more than a prepared list reads (${LIMIT_STEPS.at(-1)})`);
  return shapeOf(filter, keys) | (step << keys.length);
}

/**
 * The limit of a page shape (pageShapeOf) for the query's `.limit()`, as a constant of the
 * statement. drizzle sends a number given to `.limit()` as a parameter, but writes an SQL chunk as
 * it is; its types take only a number or a placeholder, hence the cast.
 */
export function pageLimitOf(shape: number, keys: readonly unknown[]): number {
  const rows = LIMIT_STEPS[shape >> keys.length];
  if (rows === undefined) throw new Error(`no limit step in page shape ${shape}`);
  return sql.raw(String(rows)) as unknown as number;
}

/** Which of `keys` a shape sets, each as `true`: the reverse of shapeOf, for building the shape's query. */
export function keysOf<Key extends string>(shape: number, keys: readonly Key[]): Partial<Record<Key, true>> {
  return Object.fromEntries(keys.flatMap((key, bit) => ((shape & (1 << bit)) !== 0 ? [[key, true]] : []))) as Partial<Record<Key, true>>;
}

/** The shape of `filter` for preparedQueryByShape: bit i set when filter[keys[i]] is. */
export function shapeOf<Filter>(filter: Filter, keys: readonly (keyof Filter)[]): number {
  return keys.reduce((bits, key, bit) => (filter[key] === undefined ? bits : bits | (1 << bit)), 0);
}
