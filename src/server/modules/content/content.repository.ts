import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { news } from '../../db/schema';
import { newsStatus, publicNewsCategories, type PublicNewsCategory } from '../../../shared/content';

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
