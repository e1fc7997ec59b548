import {
  bannerSaveInput,
  mediaMoveInput,
  newsStatus,
  newsStatusInput,
  videoSaveInput,
  type BannerAdminItem,
  type BannerSaveForm,
  type BannerTranslations,
  type VideoAdminItem,
  type VideoSaveForm,
  type VideoTranslations,
} from '../../../shared/content';
import { defaultLanguage, languages, type Language } from '../../../shared/languages';
import { banners, supportVideos } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { findMedia, insertMedia, lockMedia, updateMedia, type BannerRow, type VideoRow } from './content.repository';

/**
 * Home banners and support videos (issue 12 part 7, content_management): two ordered lists that
 * content staff fill, reorder, publish and hide, each change audited in its transaction. A new entry
 * goes to the end of its list, hidden until it is published.
 */
const kinds = {
  banner: { table: banners, audit: { save: 'banner.save', status: 'banner.status', order: 'banner.order' } },
  video: { table: supportVideos, audit: { save: 'video.save', status: 'video.status', order: 'video.order' } },
} as const;
type Kind = keyof typeof kinds;

function inLanguage<T>(translations: { 'zh-TW': T } & Partial<Record<Language, T>>, language: Language): { text: T; language: Language } {
  const text = translations[language];
  return text ? { text, language } : { text: translations['zh-TW'], language: defaultLanguage };
}

/** The languages written, without the optional ones left out. */
function written<T>(translations: Partial<Record<Language, T>>): Record<string, T> {
  return Object.fromEntries(languages.flatMap((language) => (translations[language] ? [[language, translations[language]]] : [])));
}

const toBanner = (row: BannerRow): BannerAdminItem => ({ id: row.id, image: row.image, position: row.position, status: row.status, startsAt: row.startsAt, endsAt: row.endsAt, translations: row.translations });
const toVideo = (row: VideoRow): VideoAdminItem => ({ id: row.id, videoUrl: row.videoUrl, minutes: row.minutes, position: row.position, status: row.status, translations: row.translations });

async function saveEntry<K extends Kind>(deps: Pick<Deps, 'db' | 'clock'>, kind: K, id: number | undefined, values: Record<string, unknown>, actor: StaffActor, title: string) {
  const { table, audit } = kinds[kind];
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const rows = await lockMedia(tx, table);
    if (id === undefined) {
      const position = rows.reduce((last, row) => Math.max(last, row.position), 0) + 1;
      const row = await insertMedia(tx, table, { ...values, position, status: newsStatus.hidden, createdAt: now, modifiedAt: now } as never);
      await recordStaffAction(tx, { ...actor, action: audit.save, target: `${kind}:${row.id}`, after: { title } });
      return row;
    }
    const current = rows.find((row) => row.id === id);
    if (!current) throw new AppError('NotFound');
    const row = await updateMedia(tx, table, id, { ...values, modifiedAt: now } as never);
    await recordStaffAction(tx, { ...actor, action: audit.save, target: `${kind}:${id}`, before: { title: current.translations['zh-TW'].title }, after: { title } });
    return row;
  });
}

async function setStatus(deps: Pick<Deps, 'db' | 'clock'>, kind: Kind, form: unknown, actor: StaffActor) {
  const { id, status } = newsStatusInput.parse(form);
  const { table, audit } = kinds[kind];
  return deps.db.transaction(async (tx) => {
    const current = (await lockMedia(tx, table)).find((row) => row.id === id);
    if (!current) throw new AppError('NotFound');
    if (current.status === status) return current;
    const row = await updateMedia(tx, table, id, { status, modifiedAt: deps.clock() });
    await recordStaffAction(tx, { ...actor, action: audit.status, target: `${kind}:${id}`, before: { status: current.status }, after: { status } });
    return row;
  });
}

/** Swaps the entry with its neighbour above or below; at either end nothing moves. */
async function move(deps: Pick<Deps, 'db' | 'clock'>, kind: Kind, form: unknown, actor: StaffActor) {
  const { id, direction } = mediaMoveInput.parse(form);
  const { table, audit } = kinds[kind];
  await deps.db.transaction(async (tx) => {
    const rows = await lockMedia(tx, table);
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) throw new AppError('NotFound');
    const other = rows[direction === 'up' ? index - 1 : index + 1];
    if (!other) return;
    const current = rows[index]!;
    const now = deps.clock();
    // Renumber the whole list 1..n in its new order, so that equal positions never linger.
    const order = rows.map((row) => (row.id === current.id ? other : row.id === other.id ? current : row));
    for (const [position, row] of order.entries()) if (row.position !== position + 1) await updateMedia(tx, table, row.id, { position: position + 1, modifiedAt: now });
    await recordStaffAction(tx, { ...actor, action: audit.order, target: `${kind}:${id}`, before: { position: index + 1 }, after: { position: direction === 'up' ? index : index + 2 } });
  });
}

// Banners

export async function listBannersForStaff(deps: Pick<Deps, 'db'>) {
  return { items: (await findMedia(deps.db, banners)).map(toBanner) };
}

export async function saveBanner(deps: Pick<Deps, 'db' | 'clock'>, form: BannerSaveForm, actor: StaffActor): Promise<BannerAdminItem> {
  const { id, translations, ...values } = bannerSaveInput.parse(form);
  return toBanner((await saveEntry(deps, 'banner', id, { ...values, translations: written(translations) as BannerTranslations }, actor, translations['zh-TW'].title)) as BannerRow);
}

export const setBannerStatus = async (deps: Pick<Deps, 'db' | 'clock'>, form: unknown, actor: StaffActor) => toBanner((await setStatus(deps, 'banner', form, actor)) as BannerRow);
export const moveBanner = async (deps: Pick<Deps, 'db' | 'clock'>, form: unknown, actor: StaffActor) => (await move(deps, 'banner', form, actor), listBannersForStaff(deps));

/** The banners a visitor sees now: enabled, inside their dates, in order. */
export async function publicBanners(deps: Pick<Deps, 'db' | 'clock'>, language: Language) {
  const now = deps.clock().getTime();
  const rows = (await findMedia(deps.db, banners, { enabledOnly: true })).filter((row) => (!row.startsAt || row.startsAt.getTime() <= now) && (!row.endsAt || row.endsAt.getTime() > now));
  return {
    items: rows.map((row) => {
      const { text, language: shown } = inLanguage(row.translations, language);
      return { id: row.id, image: row.image, title: text.title, alt: text.alt, link: text.link, language: shown };
    }),
  };
}

// Support videos

export async function listVideosForStaff(deps: Pick<Deps, 'db'>) {
  return { items: (await findMedia(deps.db, supportVideos)).map(toVideo) };
}

export async function saveVideo(deps: Pick<Deps, 'db' | 'clock'>, form: VideoSaveForm, actor: StaffActor): Promise<VideoAdminItem> {
  const { id, translations, ...values } = videoSaveInput.parse(form);
  return toVideo((await saveEntry(deps, 'video', id, { ...values, translations: written(translations) as VideoTranslations }, actor, translations['zh-TW'].title)) as VideoRow);
}

export const setVideoStatus = async (deps: Pick<Deps, 'db' | 'clock'>, form: unknown, actor: StaffActor) => toVideo((await setStatus(deps, 'video', form, actor)) as VideoRow);
export const moveVideo = async (deps: Pick<Deps, 'db' | 'clock'>, form: unknown, actor: StaffActor) => (await move(deps, 'video', form, actor), listVideosForStaff(deps));

export async function publicVideos(deps: Pick<Deps, 'db'>, language: Language) {
  const rows = await findMedia(deps.db, supportVideos, { enabledOnly: true });
  return {
    items: rows.map((row) => {
      const { text, language: shown } = inLanguage(row.translations, language);
      return { id: row.id, videoUrl: row.videoUrl, minutes: row.minutes, title: text.title, description: text.description, language: shown };
    }),
  };
}
