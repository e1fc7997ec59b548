import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../../../shared/languages';
import { projectRoot } from '../../project-root';

/** The web app's translation files: the server writes public pages with the same texts the app shows. */
const i18nDir = path.join(projectRoot(), 'src/client/i18n');

type Tree = { [key: string]: string | Tree | Tree[] | string[] };
const cache = new Map<string, Tree>();

function namespace(language: Language, name: string): Tree {
  const key = `${language}/${name}`;
  let tree = cache.get(key);
  if (!tree) {
    tree = JSON.parse(fs.readFileSync(path.join(i18nDir, language, `${name}.json`), 'utf8')) as Tree;
    cache.set(key, tree);
  }
  return tree;
}

/** `text(lang)('pages:about.lead')`, with `{{name}}` filled from `values`; undefined when the key is missing. */
export function textsIn(language: Language) {
  function node(key: string): unknown {
    const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
    let current: unknown = namespace(language, ns);
    for (const part of rest.split('.')) {
      if (typeof current !== 'object' || current === null) return undefined;
      current = (current as Record<string, unknown>)[part];
    }
    return current;
  }
  const text = (key: string, values: Record<string, string> = {}): string | undefined => {
    const value = node(key);
    return typeof value === 'string' ? value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '') : undefined;
  };
  /** The children of an object key, in file order, e.g. the sections of a topic page. */
  const entries = (key: string): Array<[string, unknown]> => {
    const value = node(key);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
  };
  return { text, entries };
}

export type Texts = ReturnType<typeof textsIn>;

