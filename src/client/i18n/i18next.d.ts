import 'i18next';
import type { referenceResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof referenceResources;
  }
}
