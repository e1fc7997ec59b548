import type { Language } from '@/shared/languages';

/**
 * The translations, one JSON file per language and namespace (`<language>/<namespace>.json`). Each
 * file is its own chunk, fetched when a page needs it: the landing page loads the common texts of
 * one language, not every text of four. The loader finds a file by its name; a new namespace also
 * gets a line in ReferenceResources and `namespaces` (i18n.test.ts checks both against the files).
 */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { import: 'default' });

/** English is the reference for key types; i18n.test.ts checks that the four languages have the same keys. */
export interface ReferenceResources {
  common: typeof import('./en/common.json');
  pages: typeof import('./en/pages.json');
  home: typeof import('./en/home.json');
  showcase: typeof import('./en/showcase.json');
  pricing: typeof import('./en/pricing.json');
  term: typeof import('./en/term.json');
  content: typeof import('./en/content.json');
  messages: typeof import('./en/messages.json');
  validation: typeof import('./en/validation.json');
  errors: typeof import('./en/errors.json');
  auth: typeof import('./en/auth.json');
  accounts: typeof import('./en/accounts.json');
  admin: typeof import('./en/admin.json');
  settings: typeof import('./en/settings.json');
  points: typeof import('./en/points.json');
  courses: typeof import('./en/courses.json');
  orders: typeof import('./en/orders.json');
  teams: typeof import('./en/teams.json');
  platform: typeof import('./en/platform.json');
  shop: typeof import('./en/shop.json');
}

export type Namespace = keyof ReferenceResources;

export const namespaces = ['common', 'pages', 'home', 'showcase', 'pricing', 'term', 'content', 'messages', 'validation', 'errors', 'auth', 'accounts', 'admin', 'settings', 'points', 'courses', 'orders', 'teams', 'shop', 'platform'] as const satisfies readonly Namespace[];

export function hasTranslation(language: string, namespace: string): boolean {
  return Object.hasOwn(files, `./${language}/${namespace}.json`);
}

/** One namespace of one language, fetched on first use. */
export async function loadTranslation(language: Language, namespace: string): Promise<Record<string, unknown>> {
  const load = files[`./${language}/${namespace}.json`];
  if (!load) throw new Error(`No translation file ${language}/${namespace}.json`);
  return load();
}
