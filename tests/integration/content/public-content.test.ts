import { describe, expect, it } from 'vitest';
import { publicBannersPath } from '../../../src/shared/public-content';
import { makeStaff } from '../../factories/staff';
import { servicesWithApi } from '../../fixtures/http';
import { callerFor } from '../../fixtures/services';

/** The landing page's banners as plain JSON (no tRPC client on the landing page). */
const setup = servicesWithApi();

describe(`GET ${publicBannersPath}`, () => {
  it("answers today's published banners in the asked language, to be revalidated on each visit", async () => {
    const staff = await makeStaff(setup.services.deps.db, { permissions: ['content_management'] });
    const caller = callerFor(setup.services.deps, { kind: 'staff', staffId: staff.id });
    const shown = await caller.content.admin.banners.save({
      image: '/news/promotion.svg',
      translations: { 'zh-TW': { title: '年終加碼', alt: '促銷橫幅', link: '/pricing' }, en: { title: 'Year-end bonus', alt: 'Promotion banner', link: '/pricing' } },
    });
    await caller.content.admin.banners.save({ image: '/news/promotion.svg', translations: { 'zh-TW': { title: '未發布', alt: '草稿', link: '' } } });
    await caller.content.admin.banners.setStatus({ id: shown.id, status: 0 });

    const english = await fetch(`${setup.api.base}${publicBannersPath}?lang=en`);
    expect(english.status).toBe(200);
    expect(english.headers.get('cache-control')).toBe('no-cache');
    const body = await english.json();
    expect(body.items).toEqual([{ id: shown.id, image: '/news/promotion.svg', title: 'Year-end bonus', alt: 'Promotion banner', link: '/pricing', language: 'en' }]);

    // Japanese has no text of its own: the default language's, marked as such.
    expect((await (await fetch(`${setup.api.base}${publicBannersPath}?lang=ja`)).json()).items).toMatchObject([{ title: '年終加碼', language: 'zh-TW' }]);
    // An unknown or missing language is the default one, never an error.
    for (const query of ['?lang=xx', '']) expect((await (await fetch(`${setup.api.base}${publicBannersPath}${query}`)).json()).items).toMatchObject([{ title: '年終加碼' }]);
  });
});
