import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import type { Namespace, ReferenceResources } from '../../src/client/i18n/resources';
import { languages, type Language } from '../../src/shared/languages';

/** The translations the page shows, read from the app's own files, so each language is tested with its own labels. */
export function texts<N extends Namespace>(language: Language, namespace: N): ReferenceResources[N] {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../src/client/i18n', language, `${namespace}.json`), 'utf8'));
}

export { languages };

/** Opens `url` with `language` already chosen, as a returning visitor would have it. */
export async function openIn(page: Page, language: Language, url: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('portal.language', lang), language);
  await page.goto(url);
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Mails the real SMTP peer of this run has received. */
export async function receivedMails(): Promise<ReceivedMail[]> {
  const response = await fetch(`${process.env.E2E_MAILBOX_URL}/mails`);
  return (await response.json()) as ReceivedMail[];
}
