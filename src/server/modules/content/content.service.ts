import {
  newsDetailInput,
  newsListInput,
  type NewsItem,
  type NewsListInput,
  type NewsText,
  type NewsTranslations,
  type PublicNewsCategory,
} from '../../../shared/content';
import { defaultLanguage, type Language } from '../../../shared/languages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { countNews, findVisibleNews, findVisibleNewsById, findVisibleQuestions, insertNews, type NewsRow } from './content.repository';
import { demoNews } from './demo-news';
import { demoQuestions } from './demo-qa';
import { paragraphsToHtml } from './news-html';

function textIn(translations: NewsTranslations, language: Language): { text: NewsText; language: Language } {
  const text: NewsText | undefined = translations[language];
  return text ? { text, language } : { text: translations['zh-TW'], language: defaultLanguage };
}

function toItem(row: NewsRow, language: Language): NewsItem {
  const { text, language: shown } = textIn(row.translations, language);
  return {
    id: row.id,
    category: row.category as PublicNewsCategory,
    coverImage: row.coverImage,
    publishedAt: row.publishedAt,
    ...text,
    language: shown,
  };
}

/**
 * One page of enabled news, newest first, optionally of one category. Hidden news (status 9) and
 * the Q&A category never appear. A page past the last one is refused with the range that exists.
 */
export async function listNews(deps: Pick<Deps, 'db'>, filter: NewsListInput, language: Language) {
  const { category, page, pageSize } = newsListInput.parse(filter);
  const { rows, total } = await findVisibleNews(deps.db, { category, limit: pageSize, offset: (page - 1) * pageSize });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page > pageCount) throw new AppError('OutOfRange', { min: 1, max: pageCount });
  return { items: rows.map((row) => toItem(row, language)), total, page, pageSize, pageCount };
}

/** One enabled news item; a hidden, Q&A or unknown id is not found. */
export async function getNews(deps: Pick<Deps, 'db'>, input: { id: number }, language: Language): Promise<NewsItem> {
  const { id } = newsDetailInput.parse(input);
  const row = await findVisibleNewsById(deps.db, id);
  if (!row) throw new AppError('NotFound');
  return toItem(row, language);
}

/** Adds the demo news to a news table that is still empty. */
export async function addDemoNewsIfNone(db: Executor): Promise<void> {
  if ((await countNews(db)) > 0) return;
  const stories = demoNews.map((item) => ({
    ...item,
    translations: Object.fromEntries(Object.entries(item.translations).map(([language, text]) => [language, { ...text, body: paragraphsToHtml(text.body) }])) as NewsTranslations,
  }));
  for (const item of [...stories, ...demoQuestions()]) await insertNews(db, item);
}

/** /support/qa: the enabled Q&A entries in the visitor's language (zh-TW where not written in it), grouped by their summary. */
export async function listQuestions(deps: Pick<Deps, 'db'>, language: Language) {
  const rows = await findVisibleQuestions(deps.db);
  return {
    items: rows.map((row) => {
      const { text, language: shown } = textIn(row.translations, language);
      return { id: row.id, group: text.summary, question: text.title, answer: text.body, language: shown };
    }),
  };
}
