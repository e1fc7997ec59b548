import type { Language } from '@/shared/languages';
import enCommon from './en/common.json';
import enContact from './en/contact.json';
import enErrors from './en/errors.json';
import enPages from './en/pages.json';
import enValidation from './en/validation.json';
import jaCommon from './ja/common.json';
import jaContact from './ja/contact.json';
import jaErrors from './ja/errors.json';
import jaPages from './ja/pages.json';
import jaValidation from './ja/validation.json';
import zhCNCommon from './zh-CN/common.json';
import zhCNContact from './zh-CN/contact.json';
import zhCNErrors from './zh-CN/errors.json';
import zhCNPages from './zh-CN/pages.json';
import zhCNValidation from './zh-CN/validation.json';
import zhTWCommon from './zh-TW/common.json';
import zhTWContact from './zh-TW/contact.json';
import zhTWErrors from './zh-TW/errors.json';
import zhTWPages from './zh-TW/pages.json';
import zhTWValidation from './zh-TW/validation.json';

/**
 * Every translation, bundled with the app so that no language needs a fetch. English is the
 * reference for key types; i18n.test.ts checks that the four languages have the same keys.
 */
export const namespaces = ['common', 'pages', 'contact', 'validation', 'errors'] as const;
export type Namespace = (typeof namespaces)[number];

export const referenceResources = {
  common: enCommon,
  pages: enPages,
  contact: enContact,
  validation: enValidation,
  errors: enErrors,
};

type Resources = { [N in Namespace]: Record<string, unknown> };

export const resources: Record<Language, Resources> = {
  'zh-TW': { common: zhTWCommon, pages: zhTWPages, contact: zhTWContact, validation: zhTWValidation, errors: zhTWErrors },
  en: referenceResources,
  'zh-CN': { common: zhCNCommon, pages: zhCNPages, contact: zhCNContact, validation: zhCNValidation, errors: zhCNErrors },
  ja: { common: jaCommon, pages: jaPages, contact: jaContact, validation: jaValidation, errors: jaErrors },
};
