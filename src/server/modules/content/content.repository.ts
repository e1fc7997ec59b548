import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { banners, news, supportVideos } from '../../db/schema';
import { newsCategory, newsStatus, publicNewsCategories, type PublicNewsCategory } from '../../../shared/content';

export type NewsRow = typeof news.$inferSelect;
export type NewNewsRow = typeof news.$inferInsert;

/** Enabled news of the public categories: what a visitor may ever see. */
const visible = and(eq(news.status, newsStatus.enabled), inArray(news.category, [...publicNewsCategories]));

export async function findVisibleNews(db: Executor, filter: { category?: PublicNewsCategory; limit: number; offset: number }) {
  const where = filter.category === undefined ? visible : and(visible, eq(news.category, filter.category));
  const rows = await db.select().from(news).where(where).orderBy(desc(news.publishedAt), desc(news.id)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ value: count() }).from(news).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findVisibleNewsById(db: Executor, id: number): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(news).where(and(visible, eq(news.id, id)));
  return row;
}

export async function insertNews(db: Executor, values: NewNewsRow): Promise<NewsRow> {
  const [row] = await db.insert(news).values(values).returning();
  return row!;
}

export async function countNews(db: Executor): Promise<number> {
  const [total] = await db.select({ value: count() }).from(news);
  return total?.value ?? 0;
}

/** Every news item (hidden ones too) for the back office, newest first, optionally of one category and status. */
export async function findNewsForStaff(db: Executor, filter: { category?: number; status?: number; limit: number; offset: number }) {
  const where = and(filter.category === undefined ? undefined : eq(news.category, filter.category), filter.status === undefined ? undefined : eq(news.status, filter.status));
  const rows = await db.select().from(news).where(where).orderBy(desc(news.publishedAt), desc(news.id)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ value: count() }).from(news).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findNewsById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<NewsRow | undefined> {
  const query = db.select().from(news).where(eq(news.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateNews(tx: Executor, id: number, values: Partial<NewNewsRow>): Promise<NewsRow> {
  const [row] = await tx.update(news).set(values).where(eq(news.id, id)).returning();
  return row!;
}

/** Enabled Q&A entries, in the order they were written. */
export function findVisibleQuestions(db: Executor): Promise<NewsRow[]> {
  return db
    .select()
    .from(news)
    .where(and(eq(news.status, newsStatus.enabled), eq(news.category, newsCategory.qa)))
    .orderBy(asc(news.publishedAt), asc(news.id));
}

// Home banners and support videos: ordered lists with the same columns for order and status.

export type BannerRow = typeof banners.$inferSelect;
export type VideoRow = typeof supportVideos.$inferSelect;
type MediaTable = typeof banners | typeof supportVideos;

export function findMedia<T extends MediaTable>(db: Executor, table: T, options: { enabledOnly?: boolean } = {}): Promise<T['$inferSelect'][]> {
  return db
    .select()
    .from(table as typeof banners)
    .where(options.enabledOnly ? eq(table.status, newsStatus.enabled) : undefined)
    .orderBy(asc(table.position), asc(table.id)) as Promise<T['$inferSelect'][]>;
}

/** Every row of the list, locked in order: a reorder or an insert sees the list as it stays until commit. */
export function lockMedia<T extends MediaTable>(tx: Executor, table: T): Promise<T['$inferSelect'][]> {
  return tx
    .select()
    .from(table as typeof banners)
    .orderBy(asc(table.position), asc(table.id))
    .for('update') as Promise<T['$inferSelect'][]>;
}

export async function insertMedia<T extends MediaTable>(tx: Executor, table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const [row] = await tx
    .insert(table as typeof banners)
    .values(values as typeof banners.$inferInsert)
    .returning();
  return row as T['$inferSelect'];
}

export async function updateMedia<T extends MediaTable>(tx: Executor, table: T, id: number, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect']> {
  const [row] = await tx
    .update(table as typeof banners)
    .set(values as Partial<typeof banners.$inferInsert>)
    .where(eq(table.id, id))
    .returning();
  return row as T['$inferSelect'];
}
