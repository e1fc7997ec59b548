import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { newsStatus, type NewsTranslations } from '../../../shared/content';

/**
 * News of the public site (spec section 3). Category 9 latest, 0 new product, 1 promotion,
 * 2 maintenance, 3 Q&A (not listed as news); status 0 enabled, 9 hidden. The text of every language
 * lives in one row so that staff publish a story once, in the languages they have.
 */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    category: smallint('category').notNull(),
    status: smallint('status').notNull().default(newsStatus.enabled),
    translations: jsonb('translations').$type<NewsTranslations>().notNull(),
    /** Address of the cover image: a file of the web app or of the stored-file category newsImage/coverImage. */
    coverImage: text('cover_image'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('news_category_check', sql`${table.category} in (0, 1, 2, 3, 9)`),
    check('news_status_check', sql`${table.status} in (0, 9)`),
    check('news_translations_check', sql`${table.translations} ? 'zh-TW'`),
    index('news_listing_idx').on(table.status, table.category, table.publishedAt),
  ],
);
