import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../../src/server/db/schema';
import { addDemoNewsIfNone } from '../../../src/server/modules/content/content.service';
import { demoNews } from '../../../src/server/modules/content/demo-news';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
  await addDemoNewsIfNone(services.deps.db);
});
afterAll(() => services?.close());

const visibleDemo = demoNews.filter((item) => (item.status ?? 0) === 0 && item.category !== 3);

describe('reading news', () => {
  it('lists enabled news newest first, six to a page, never hidden items or the Q&A category', async () => {
    const caller = callerFor(services.deps, { kind: 'visitor' }, 'en');
    const first = await caller.content.newsList({});
    expect(first).toMatchObject({ total: visibleDemo.length, page: 1, pageSize: 6, pageCount: 2 });
    expect(first.items).toHaveLength(6);
    const dates = first.items.map((item) => item.publishedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await caller.content.newsList({ page: 2 });
    expect(second.items).toHaveLength(visibleDemo.length - 6);
    const titles = [...first.items, ...second.items].map((item) => item.title);
    expect(titles).not.toContain('（草稿）v1.13 預告');
    expect(titles).not.toContain('點數如何扣除？');
    expect(first.items[0]).toMatchObject({ language: 'en', title: visibleDemo[0]!.translations.en!.title, coverImage: '/news/maintenance.svg' });
  });

  it('filters by category', async () => {
    const caller = callerFor(services.deps, { kind: 'visitor' }, 'ja');
    const releases = await caller.content.newsList({ category: 0 });
    expect(releases.total).toBe(visibleDemo.filter((item) => item.category === 0).length);
    expect(releases.items.every((item) => item.category === 0)).toBe(true);
    expect(releases.items[0]!.title).toBe(visibleDemo.find((item) => item.category === 0)!.translations.ja!.title);
    const maintenance = await caller.content.newsList({ category: 2 });
    expect(maintenance.items.map((item) => item.category)).toEqual([2]);
  });

  it('answers in the visitor’s language, and in zh-TW for a story not written in it', async () => {
    const [only] = await services.deps.db
      .insert(news)
      .values({ category: 9, publishedAt: new Date('2020-01-01T00:00:00Z'), translations: { 'zh-TW': { title: '只有中文', summary: '摘要', body: '內文' } } })
      .returning();
    try {
      const item = await callerFor(services.deps, { kind: 'visitor' }, 'en').content.newsDetail({ id: only!.id });
      expect(item).toMatchObject({ title: '只有中文', language: 'zh-TW' });
    } finally {
      await services.deps.db.delete(news).where(eq(news.id, only!.id));
    }
  });

  it('opens one enabled item and refuses hidden, Q&A and unknown ids as not found', async () => {
    const caller = callerFor(services.deps, { kind: 'visitor' }, 'zh-CN');
    const { items } = await caller.content.newsList({});
    const detail = await caller.content.newsDetail({ id: items[0]!.id });
    expect(detail.body).toMatch(/^<p>.+<\/p><p>.+<\/p>$/s);
    expect(detail.title).toBe(items[0]!.title);

    const rows = await services.deps.db.select().from(news);
    const hidden = rows.find((row) => row.status === 9)!;
    const qa = rows.find((row) => row.category === 3)!;
    for (const id of [hidden.id, qa.id, 987_654]) {
      expect(await failure(caller.content.newsDetail({ id }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'NotFound' });
    }
  });

  it.each([
    ['page 0', { page: 0 }, 'page'],
    ['a negative page', { page: -3 }, 'page'],
    ['a fractional page', { page: 1.5 }, 'page'],
    ['a page given as text', { page: 'two' }, 'page'],
    ['the hidden Q&A category', { category: 3 }, 'category'],
    ['an unknown category', { category: 7 }, 'category'],
    ['a category given as text', { category: 'promotion' }, 'category'],
  ])('refuses %s as invalid input naming the field', async (_case, input, field) => {
    const error = await failure(callerFor(services.deps).content.newsList(input as never));
    expect(error).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput' });
    expect(Object.keys(error.fieldErrors ?? {})).toEqual([field]);
  });

  it('refuses a page past the last one with the pages that exist', async () => {
    const error = await failure(callerFor(services.deps).content.newsList({ page: 3 }));
    expect(error).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'OutOfRange', params: { min: 1, max: 2 } });
  });

  it.each([[0], [-1], [1.5], ['abc']])('refuses the news id %s as invalid input', async (id) => {
    const error = await failure(callerFor(services.deps).content.newsDetail({ id } as never));
    expect(error).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput', fieldErrors: { id: ['validation.invalid'] } });
  });
});
