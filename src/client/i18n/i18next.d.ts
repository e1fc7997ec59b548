import 'i18next';
import type { ReferenceResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: ReferenceResources;
  }
}
