import { z } from 'zod';
import { languages, type Language } from './languages';

/**
 * News of the public site (spec section 3 'News categories and status'). One schema for the browser
 * and the server; the messages are i18n keys of the `validation` namespace.
 */

/** News categories (spec section 3 'Enumerations'); Q&A entries are never listed as news. */
export const newsCategory = { latest: 9, newProduct: 0, promotion: 1, maintenance: 2, qa: 3 } as const;
/** The categories a visitor can read and filter by, in the order of the filter. */
export const publicNewsCategories = [newsCategory.latest, newsCategory.newProduct, newsCategory.promotion, newsCategory.maintenance] as const;
export type PublicNewsCategory = (typeof publicNewsCategories)[number];

/** News status (spec section 3 'Enumerations'). */
export const newsStatus = { enabled: 0, hidden: 9 } as const;

export const newsPageSize = 6;
/** A page number this far out is a typo or a probe, not a reader. */
export const maxNewsPage = 10_000;

export function isPublicNewsCategory(value: unknown): value is PublicNewsCategory {
  return typeof value === 'number' && (publicNewsCategories as readonly number[]).includes(value);
}

export const newsListInput = z.object({
  category: z
    .number({ error: 'validation.invalid' })
    .refine(isPublicNewsCategory, { error: 'validation.invalid' })
    .optional(),
  page: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(maxNewsPage, { error: 'validation.invalid' }).default(1),
  pageSize: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(24, { error: 'validation.invalid' }).default(newsPageSize),
});
export type NewsListInput = z.input<typeof newsListInput>;

export const newsDetailInput = z.object({
  id: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }),
});

/** The text of one news item in one language. */
export interface NewsText {
  title: string;
  summary: string;
  /** Paragraphs separated by blank lines. */
  body: string;
}

/** Every language a news item is written in; zh-TW is always present and is the fallback. */
export type NewsTranslations = { 'zh-TW': NewsText } & Partial<Record<Exclude<Language, 'zh-TW'>, NewsText>>;

/** What a visitor reads of a news item, in one language. */
export const newsItemOutput = z.object({
  id: z.number().int(),
  category: z.union(publicNewsCategories.map((category) => z.literal(category))),
  coverImage: z.string().nullable(),
  publishedAt: z.date(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  /** The language the text is in: the visitor's when written in it, otherwise zh-TW. */
  language: z.enum(languages),
});
export type NewsItem = z.output<typeof newsItemOutput>;

export const newsListOutput = z.object({
  items: z.array(newsItemOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
