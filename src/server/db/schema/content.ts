import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { newsStatus, type BannerTranslations, type NewsTranslations, type VideoTranslations } from '../../../shared/content';

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

/**
 * Home-page banners (issue 12 part 7): an image with its title, alt text and optional link in each
 * language (zh-TW always), shown in `position` order while enabled (status 0) and, when dates are
 * set, between them.
 */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    translations: jsonb('translations').$type<BannerTranslations>().notNull(),
    image: text('image').notNull(),
    position: integer('position').notNull(),
    status: smallint('status').notNull().default(newsStatus.hidden),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('banners_status_check', sql`${table.status} in (0, 9)`),
    check('banners_translations_check', sql`${table.translations} ? 'zh-TW'`),
    check('banners_dates_check', sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.startsAt} < ${table.endsAt}`),
    index('banners_position_idx').on(table.status, table.position),
  ],
);

/** Support videos of /support/videos: title and description per language, an https address, length in minutes. */
export const supportVideos = pgTable(
  'support_videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    translations: jsonb('translations').$type<VideoTranslations>().notNull(),
    videoUrl: text('video_url').notNull(),
    minutes: integer('minutes').notNull(),
    position: integer('position').notNull(),
    status: smallint('status').notNull().default(newsStatus.hidden),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('support_videos_status_check', sql`${table.status} in (0, 9)`),
    check('support_videos_translations_check', sql`${table.translations} ? 'zh-TW'`),
    check('support_videos_minutes_check', sql`${table.minutes} between 1 and 600`),
    check('support_videos_url_check', sql`${table.videoUrl} like 'https://%'`),
    index('support_videos_position_idx').on(table.status, table.position),
  ],
);
