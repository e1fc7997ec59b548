import {
  newsAdminListInput,
  newsPreviewInput,
  newsSaveInput,
  newsStatus,
  newsStatusInput,
  type NewsAdminItem,
  type NewsAdminListForm,
  type NewsSaveForm,
  type NewsTranslations,
} from '../../../shared/content';
import { languages } from '../../../shared/languages';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { findNewsById, findNewsForStaff, insertNews, updateNews, type NewsRow } from './content.repository';
import { sanitizeNewsBody } from './news-html';

/**
 * News editing in the back office (issue 12 part 7, content_management): every item with its
 * texts in each language, hidden ones too. A new item is saved hidden (status 9): staff preview it
 * and publish it when it is ready. Every body is sanitised on the server before it is stored; every
 * change is audited in its transaction.
 */
const PAGE_SIZE = 20;

function toAdminItem(row: NewsRow): NewsAdminItem {
  return { id: row.id, category: row.category, status: row.status, coverImage: row.coverImage, publishedAt: row.publishedAt, modifiedAt: row.modifiedAt, translations: row.translations };
}

function sanitisedTranslations(input: ReturnType<typeof newsSaveInput.parse>['translations']): NewsTranslations {
  const result = {} as Record<string, { title: string; summary: string; body: string }>;
  for (const language of languages) {
    const text = input[language];
    if (!text) continue;
    const body = sanitizeNewsBody(text.body);
    // A body that was nothing but what the rule removes (a script, say) is an empty body.
    if (!body) throw new AppError('InvalidInput', { fieldErrors: { [`translations.${language}.body`]: ['validation.required'] } });
    result[language] = { title: text.title, summary: text.summary, body };
  }
  return result as NewsTranslations;
}

export async function listNewsForStaff(deps: Pick<Deps, 'db'>, form: NewsAdminListForm) {
  const { category, status, page } = newsAdminListInput.parse(form);
  const { rows, total } = await findNewsForStaff(deps.db, { category, status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pageCount) throw new AppError('OutOfRange', { min: 1, max: pageCount });
  return { items: rows.map(toAdminItem), total, page, pageCount };
}

export async function newsForStaff(deps: Pick<Deps, 'db'>, id: number): Promise<NewsAdminItem> {
  const row = await findNewsById(deps.db, id);
  if (!row) throw new AppError('NotFound');
  return toAdminItem(row);
}

export async function saveNews(deps: Pick<Deps, 'db' | 'clock'>, form: NewsSaveForm, actor: StaffActor): Promise<NewsAdminItem> {
  const input = newsSaveInput.parse(form);
  const translations = sanitisedTranslations(input.translations);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (input.id === undefined) {
      const row = await insertNews(tx, { category: input.category, status: newsStatus.hidden, translations, coverImage: input.coverImage, publishedAt: now, createdAt: now, modifiedAt: now });
      await recordStaffAction(tx, { ...actor, action: 'news.create', target: `news:${row.id}`, after: { category: row.category, title: translations['zh-TW'].title } });
      return toAdminItem(row);
    }
    const current = await findNewsById(tx, input.id, { lock: true });
    if (!current) throw new AppError('NotFound');
    const row = await updateNews(tx, input.id, { category: input.category, translations, coverImage: input.coverImage, modifiedAt: now });
    await recordStaffAction(tx, {
      ...actor,
      action: 'news.update',
      target: `news:${row.id}`,
      before: { category: current.category, title: current.translations['zh-TW'].title, languages: Object.keys(current.translations) },
      after: { category: row.category, title: translations['zh-TW'].title, languages: Object.keys(translations) },
    });
    return toAdminItem(row);
  });
}

/** Publishes (status 0) or hides (status 9) an item; publishing a never-published draft dates it now. */
export async function setNewsStatus(deps: Pick<Deps, 'db' | 'clock'>, form: { id: number; status: number }, actor: StaffActor): Promise<NewsAdminItem> {
  const { id, status } = newsStatusInput.parse(form);
  return deps.db.transaction(async (tx) => {
    const current = await findNewsById(tx, id, { lock: true });
    if (!current) throw new AppError('NotFound');
    if (current.status === status) return toAdminItem(current);
    const now = deps.clock();
    const firstPublication = status === newsStatus.enabled && current.createdAt.getTime() === current.publishedAt.getTime();
    const row = await updateNews(tx, id, { status, modifiedAt: now, ...(firstPublication ? { publishedAt: now } : {}) });
    await recordStaffAction(tx, { ...actor, action: status === newsStatus.enabled ? 'news.publish' : 'news.hide', target: `news:${id}`, before: { status: current.status }, after: { status } });
    return toAdminItem(row);
  });
}

/** The item as the public page would show it, from the same sanitising rule as saving; nothing is stored. */
export function previewNews(form: unknown) {
  const { text, coverImage } = newsPreviewInput.parse(form);
  return { title: text.title, summary: text.summary, body: sanitizeNewsBody(text.body), coverImage };
}
