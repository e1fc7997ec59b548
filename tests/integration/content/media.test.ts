import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banners, supportVideos } from '../../../src/server/db/schema';
import { publicBanners } from '../../../src/server/modules/content/media.service';
import type { Actor } from '../../../src/server/trpc/context';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Home banners and support videos (issue 12 part 7, content_management). */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const as = (actor: Actor, language: 'zh-TW' | 'en' | 'ja' = 'zh-TW') => callerFor(services.deps, actor, language);
const visitor = (language: 'zh-TW' | 'en' | 'ja') => as({ kind: 'visitor' }, language);
/** Today's published banners as the home page gets them (GET /public-content/banners answers the same; see public-content.test.ts). */
const homeBanners = (language: 'zh-TW' | 'en' | 'ja') => publicBanners(services.deps, language);
async function editor() {
  const member = await makeStaff(services.deps.db, { permissions: ['content_management'] });
  return { member, caller: as({ kind: 'staff', staffId: member.id }) };
}
const day = 86_400_000;
const banner = (title: string, extra: Record<string, unknown> = {}) => ({
  image: '/news/promotion.svg',
  translations: { 'zh-TW': { title: `${title}（中）`, alt: '促銷橫幅', link: '/pricing' }, en: { title, alt: 'Promotion banner', link: '/pricing' } },
  ...extra,
});

describe('home banners', () => {
  it('saves a banner hidden, shows it once published inside its dates, in the visitor language, in the order staff set; every change audited', async () => {
    const { member, caller } = await editor();
    const first = await caller.content.admin.banners.save(banner('Year-end bonus'));
    const second = await caller.content.admin.banners.save(banner('Maintenance night'));
    const past = await caller.content.admin.banners.save(banner('Expired offer', { startsAt: new Date(Date.now() - 10 * day), endsAt: new Date(Date.now() - day) }));
    const future = await caller.content.admin.banners.save(banner('Next year', { startsAt: new Date(Date.now() + day) }));
    expect(first.status).toBe(9);
    expect((await homeBanners('en')).items).toEqual([]);

    for (const entry of [first, second, past, future]) await caller.content.admin.banners.setStatus({ id: entry.id, status: 0 });
    expect((await homeBanners('en')).items.map((item) => item.title)).toEqual(['Year-end bonus', 'Maintenance night']);
    expect((await homeBanners('ja')).items[0]).toMatchObject({ title: 'Year-end bonus（中）', alt: '促銷橫幅', link: '/pricing', language: 'zh-TW' });

    const moved = await caller.content.admin.banners.move({ id: second.id, direction: 'up' });
    expect(moved.items.map((item) => item.id)).toEqual([second.id, first.id, past.id, future.id]);
    expect((await caller.content.admin.banners.move({ id: second.id, direction: 'up' })).items.map((item) => item.id)).toEqual([second.id, first.id, past.id, future.id]);
    expect((await homeBanners('en')).items.map((item) => item.title)).toEqual(['Maintenance night', 'Year-end bonus']);

    await caller.content.admin.banners.setStatus({ id: second.id, status: 9 });
    expect((await homeBanners('en')).items.map((item) => item.title)).toEqual(['Year-end bonus']);
    const audit = await services.deps.db.select().from(auditLog).where(eq(auditLog.target, `banner:${second.id}`)).orderBy(auditLog.id);
    expect(audit.map((row) => [row.action, row.staffEmail])).toEqual([
      ['banner.save', member.email],
      ['banner.status', member.email],
      ['banner.order', member.email],
      ['banner.status', member.email],
    ]);
  });

  it('refuses a foreign image, a script link, dates in the wrong order and an unknown banner; nothing stored', async () => {
    const { caller } = await editor();
    const cases: Array<[unknown, string]> = [
      [banner('Bad image', { image: 'https://evil.example/banner.png' }), 'image'],
      [{ ...banner('Bad link'), translations: { 'zh-TW': { title: 'Bad link', alt: 'x', link: 'javascript:alert(1)' } } }, 'translations.zh-TW.link'],
      [banner('Bad dates', { startsAt: new Date(Date.now() + 2 * day), endsAt: new Date(Date.now() + day) }), 'endsAt'],
      [{ ...banner('No alt'), translations: { 'zh-TW': { title: 'No alt', alt: ' ', link: '' } } }, 'translations.zh-TW.alt'],
    ];
    for (const [input, field] of cases) {
      expect(await failure(caller.content.admin.banners.save(input as never))).toMatchObject({ code: 'InvalidInput', fieldErrors: { [field]: [expect.stringMatching(/^validation\./)] } });
    }
    expect(await failure(caller.content.admin.banners.save({ ...banner('Ghost'), id: 987_654 }))).toMatchObject({ code: 'NotFound' });
    expect(await failure(caller.content.admin.banners.move({ id: 987_654, direction: 'down' }))).toMatchObject({ code: 'NotFound' });
    expect(await services.deps.db.select().from(banners).where(like(banners.image, 'https://%'))).toEqual([]);
  });
});

describe('support videos', () => {
  const video = (title: string, extra: Record<string, unknown> = {}) => ({
    videoUrl: 'https://cloud-a.inspectra.example/help/tutorials/zones',
    minutes: 7,
    translations: { 'zh-TW': { title: `${title}（中）`, description: '' }, en: { title, description: 'Draw counting zones.' } },
    ...extra,
  });

  it('lists published videos in order in the visitor language; hidden ones are not listed', async () => {
    const { caller } = await editor();
    const a = await caller.content.admin.videos.save(video('Counting with zones'));
    const b = await caller.content.admin.videos.save(video('Reading a confusion matrix', { minutes: 12 }));
    await caller.content.admin.videos.setStatus({ id: a.id, status: 0 });
    await caller.content.admin.videos.setStatus({ id: b.id, status: 0 });
    await caller.content.admin.videos.move({ id: b.id, direction: 'up' });
    expect((await visitor('en').content.videos()).items.map((item) => [item.title, item.minutes])).toEqual([
      ['Reading a confusion matrix', 12],
      ['Counting with zones', 7],
    ]);
    await caller.content.admin.videos.setStatus({ id: b.id, status: 9 });
    expect((await visitor('ja').content.videos()).items).toMatchObject([{ title: 'Counting with zones（中）', language: 'zh-TW' }]);
  });

  it('refuses an address that is not https, a length out of range and a missing title; nothing stored', async () => {
    const { caller } = await editor();
    const cases: Array<[unknown, string]> = [
      [video('Plain http', { videoUrl: 'http://videos.example/1' }), 'videoUrl'],
      [video('Script', { videoUrl: 'javascript:alert(1)' }), 'videoUrl'],
      [video('Zero', { minutes: 0 }), 'minutes'],
      [video('Fraction', { minutes: 2.5 }), 'minutes'],
      [{ ...video('No title'), translations: { 'zh-TW': { title: '', description: '' } } }, 'translations.zh-TW.title'],
    ];
    for (const [input, field] of cases) {
      expect(await failure(caller.content.admin.videos.save(input as never))).toMatchObject({ code: 'InvalidInput', fieldErrors: { [field]: [expect.stringMatching(/^validation\./)] } });
    }
    expect(await services.deps.db.select().from(supportVideos).where(like(supportVideos.videoUrl, '%videos.example%'))).toEqual([]);
  });

  it('is refused to staff without content_management and to visitors', async () => {
    const clerk = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    expect(await failure(as({ kind: 'staff', staffId: clerk.id }).content.admin.videos.save(video('Nope')))).toMatchObject({ code: 'Unauthorized' });
    expect(await failure(visitor('en').content.admin.banners.list())).toMatchObject({ code: 'MissingAuthentication' });
  });
});
