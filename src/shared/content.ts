import { z } from 'zod';
import { languages, type Language } from './languages';
import { optionalText, requiredText } from './text';

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

// ---------------------------------------------------------------------------------------------
// Staff editing (issue 12 part 7, content_management)

/** Every category staff may file a news item under; Q&A (3) is shown on /support/qa, never in the news list. */
export const newsCategories = [newsCategory.latest, newsCategory.newProduct, newsCategory.promotion, newsCategory.maintenance, newsCategory.qa] as const;
export const newsStatuses = [newsStatus.enabled, newsStatus.hidden] as const;

export const newsLimits = {
  /** Wide characters count 2 (spec section 5). */
  title: 200,
  summary: 2000,
  /** Characters of HTML, before sanitising. */
  body: 50_000,
  imageBytes: 2 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** Where an uploaded news image is served: `/content-images/<name>`, the name chosen by the server. */
export const contentImagePath = '/content-images';
export const contentImageName = /^[0-9a-f-]{36}\.(png|jpg|webp)$/;
/** An uploaded image, or one of the web app's own news illustrations (`/news/<name>.svg`). */
const imageAddress = z
  .string()
  .refine((value) => (value.startsWith(`${contentImagePath}/`) && contentImageName.test(value.slice(contentImagePath.length + 1))) || /^\/news\/[a-z0-9-]+\.(svg|png|jpg|webp)$/.test(value), {
    error: 'validation.invalid',
  });


export const newsTextInput = z.object({
  title: requiredText(newsLimits.title),
  summary: optionalText(newsLimits.summary),
  /** HTML; sanitised on the server before it is stored or previewed. */
  body: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(newsLimits.body, { error: 'validation.invalid' }),
});
export type NewsTextForm = z.input<typeof newsTextInput>;

const newsCategoryField = z.number({ error: 'validation.invalid' }).refine((value) => (newsCategories as readonly number[]).includes(value), { error: 'validation.invalid' });

export const newsSaveInput = z.object({
  /** Absent: a new item, saved hidden until it is published. */
  id: newsDetailInput.shape.id.optional(),
  category: newsCategoryField,
  coverImage: imageAddress.nullable(),
  translations: z.object({ 'zh-TW': newsTextInput, en: newsTextInput.optional(), 'zh-CN': newsTextInput.optional(), ja: newsTextInput.optional() }),
});
export type NewsSaveForm = z.input<typeof newsSaveInput>;

export const newsAdminListInput = z.object({
  category: newsCategoryField.optional(),
  status: z.union(newsStatuses.map((status) => z.literal(status)), { error: 'validation.invalid' }).optional(),
  page: z.number().int().min(1).max(maxNewsPage).default(1),
});
export type NewsAdminListForm = z.input<typeof newsAdminListInput>;

export const newsStatusInput = z.object({ id: newsDetailInput.shape.id, status: z.union(newsStatuses.map((status) => z.literal(status)), { error: 'validation.invalid' }) });

export const newsPreviewInput = z.object({ language: z.enum(languages, { error: 'validation.invalid' }), text: newsTextInput, coverImage: imageAddress.nullable() });

const newsTextOutput = z.object({ title: z.string(), summary: z.string(), body: z.string() });
export const newsAdminItemOutput = z.object({
  id: z.number().int(),
  category: z.number().int(),
  status: z.number().int(),
  coverImage: z.string().nullable(),
  publishedAt: z.date(),
  modifiedAt: z.date(),
  translations: z.object({ 'zh-TW': newsTextOutput, en: newsTextOutput.optional(), 'zh-CN': newsTextOutput.optional(), ja: newsTextOutput.optional() }),
});
export type NewsAdminItem = z.output<typeof newsAdminItemOutput>;

export const newsAdminListOutput = z.object({
  items: z.array(newsAdminItemOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});

/** What the public page would show, from the server's sanitised HTML. */
export const newsPreviewOutput = z.object({ title: z.string(), summary: z.string(), body: z.string(), coverImage: z.string().nullable() });

/** The answer of an image upload: the address to use as a cover or in a body. */
export const contentImageOutput = z.object({ url: z.string(), contentType: z.string(), size: z.number().int() });

/** One question of /support/qa in the visitor's language: a news item of category Q&A (summary = its group). */
export const qaListOutput = z.object({
  items: z.array(z.object({ id: z.number().int(), group: z.string(), question: z.string(), answer: z.string(), language: z.enum(languages) })),
});

// ---------------------------------------------------------------------------------------------
// Home banners and support videos (issue 12 part 7)

export interface BannerText {
  title: string;
  /** What the image shows, for screen readers. */
  alt: string;
  /** An address of this site (`/pricing`) or an https address; empty: the banner links nowhere. */
  link: string;
}
export type BannerTranslations = { 'zh-TW': BannerText } & Partial<Record<Exclude<Language, 'zh-TW'>, BannerText>>;

export interface VideoText {
  title: string;
  description: string;
}
export type VideoTranslations = { 'zh-TW': VideoText } & Partial<Record<Exclude<Language, 'zh-TW'>, VideoText>>;

const bannerLink = z
  .string()
  .trim()
  .max(500, { error: 'validation.invalid' })
  .refine((value) => value === '' || /^\/[A-Za-z0-9/_?=&.-]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value), { error: 'validation.url' });

const bannerTextInput = z.object({ title: requiredText(100), alt: requiredText(200), link: bannerLink.default('') });
const videoTextInput = z.object({ title: requiredText(100), description: optionalText(300) });
const dateOrNull = z.coerce.date({ error: 'validation.invalid' }).nullable();

export const bannerSaveInput = z
  .object({
    id: newsDetailInput.shape.id.optional(),
    image: imageAddress,
    startsAt: dateOrNull.default(null),
    endsAt: dateOrNull.default(null),
    translations: z.object({ 'zh-TW': bannerTextInput, en: bannerTextInput.optional(), 'zh-CN': bannerTextInput.optional(), ja: bannerTextInput.optional() }),
  })
  .refine((value) => !value.startsAt || !value.endsAt || value.startsAt < value.endsAt, { error: 'validation.dateRange', path: ['endsAt'] });
export type BannerSaveForm = z.input<typeof bannerSaveInput>;

export const videoSaveInput = z.object({
  id: newsDetailInput.shape.id.optional(),
  videoUrl: z.string().trim().max(500, { error: 'validation.invalid' }).regex(/^https:\/\/[^\s]+$/, { error: 'validation.url' }),
  minutes: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(600, { error: 'validation.invalid' }),
  translations: z.object({ 'zh-TW': videoTextInput, en: videoTextInput.optional(), 'zh-CN': videoTextInput.optional(), ja: videoTextInput.optional() }),
});
export type VideoSaveForm = z.input<typeof videoSaveInput>;

/** Move one banner or video a place up or down the order (publishing and hiding take newsStatusInput). */
export const mediaMoveInput = z.object({ id: newsDetailInput.shape.id, direction: z.enum(['up', 'down'], { error: 'validation.invalid' }) });

const bannerTextOutput = z.object({ title: z.string(), alt: z.string(), link: z.string() });
export const bannerAdminOutput = z.object({
  id: z.number().int(),
  image: z.string(),
  position: z.number().int(),
  status: z.number().int(),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
  translations: z.object({ 'zh-TW': bannerTextOutput, en: bannerTextOutput.optional(), 'zh-CN': bannerTextOutput.optional(), ja: bannerTextOutput.optional() }),
});
export type BannerAdminItem = z.output<typeof bannerAdminOutput>;
export const bannerAdminListOutput = z.object({ items: z.array(bannerAdminOutput) });

const videoTextOutput = z.object({ title: z.string(), description: z.string() });
export const videoAdminOutput = z.object({
  id: z.number().int(),
  videoUrl: z.string(),
  minutes: z.number().int(),
  position: z.number().int(),
  status: z.number().int(),
  translations: z.object({ 'zh-TW': videoTextOutput, en: videoTextOutput.optional(), 'zh-CN': videoTextOutput.optional(), ja: videoTextOutput.optional() }),
});
export type VideoAdminItem = z.output<typeof videoAdminOutput>;
export const videoAdminListOutput = z.object({ items: z.array(videoAdminOutput) });

/** What a visitor sees, in their language (zh-TW where the item is not written in it). */
export const publicBannersOutput = z.object({ items: z.array(z.object({ id: z.number().int(), image: z.string(), title: z.string(), alt: z.string(), link: z.string(), language: z.enum(languages) })) });
export const publicVideosOutput = z.object({
  items: z.array(z.object({ id: z.number().int(), videoUrl: z.string(), minutes: z.number().int(), title: z.string(), description: z.string(), language: z.enum(languages) })),
});
