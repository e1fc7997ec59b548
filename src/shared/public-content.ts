import type { z } from 'zod';
import type { publicBannersOutput } from './content';

/**
 * Public content served as plain JSON (GET), for pages that load no tRPC client: the landing page's
 * banners. `?lang=` picks the language. Types only from content.ts, so that the web app's entry
 * and landing page import no zod.
 */
export const publicBannersPath = '/public-content/banners';

export type PublicBanners = z.output<typeof publicBannersOutput>;
