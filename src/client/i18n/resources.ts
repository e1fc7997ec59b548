import type { Language } from '@/shared/languages';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enContact from './en/contact.json';
import enErrors from './en/errors.json';
import enMember from './en/member.json';
import enPages from './en/pages.json';
import enValidation from './en/validation.json';
import jaAuth from './ja/auth.json';
import jaCommon from './ja/common.json';
import jaContact from './ja/contact.json';
import jaErrors from './ja/errors.json';
import jaMember from './ja/member.json';
import jaPages from './ja/pages.json';
import jaValidation from './ja/validation.json';
import zhCNAuth from './zh-CN/auth.json';
import zhCNCommon from './zh-CN/common.json';
import zhCNContact from './zh-CN/contact.json';
import zhCNErrors from './zh-CN/errors.json';
import zhCNMember from './zh-CN/member.json';
import zhCNPages from './zh-CN/pages.json';
import zhCNValidation from './zh-CN/validation.json';
import zhTWAuth from './zh-TW/auth.json';
import zhTWCommon from './zh-TW/common.json';
import zhTWContact from './zh-TW/contact.json';
import zhTWErrors from './zh-TW/errors.json';
import zhTWMember from './zh-TW/member.json';
import zhTWPages from './zh-TW/pages.json';
import zhTWValidation from './zh-TW/validation.json';

/**
 * Every translation, bundled with the app so that no language needs a fetch. English is the
 * reference for key types; i18n.test.ts checks that the four languages have the same keys.
 */
export const namespaces = ['common', 'pages', 'contact', 'validation', 'errors', 'auth', 'member'] as const;
export type Namespace = (typeof namespaces)[number];

export const referenceResources = {
  common: enCommon,
  pages: enPages,
  contact: enContact,
  validation: enValidation,
  errors: enErrors,
  auth: enAuth,
  member: enMember,
};

type Resources = { [N in Namespace]: Record<string, unknown> };

export const resources: Record<Language, Resources> = {
  'zh-TW': { common: zhTWCommon, pages: zhTWPages, contact: zhTWContact, validation: zhTWValidation, errors: zhTWErrors, auth: zhTWAuth, member: zhTWMember },
  en: referenceResources,
  'zh-CN': { common: zhCNCommon, pages: zhCNPages, contact: zhCNContact, validation: zhCNValidation, errors: zhCNErrors, auth: zhCNAuth, member: zhCNMember },
  ja: { common: jaCommon, pages: jaPages, contact: jaContact, validation: jaValidation, errors: jaErrors, auth: jaAuth, member: jaMember },
};
