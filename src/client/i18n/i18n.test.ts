import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../shared/errors';
import { languages } from '../../shared/languages';
import { hasTranslation, loadTranslation, namespaces } from './resources';

const i18nDir = import.meta.dirname;

function namespaceFiles(language: string): string[] {
  return fs
    .readdirSync(path.join(i18nDir, language))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

function load(language: string, namespace: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(i18nDir, language, `${namespace}.json`), 'utf8'));
}

/** Every leaf of a translation file as 'a.b.c' -> value. */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

function placeholders(text: unknown): string {
  if (typeof text !== 'string') return '';
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join(',');
}

const flat = new Map(languages.map((language) => [language, new Map(namespaces.map((ns) => [ns, flatten(load(language, ns))]))]));

describe('translations', () => {
  it.each(languages)('%s has exactly the declared namespaces', (language) => {
    expect(namespaceFiles(language)).toEqual([...namespaces].sort());
  });

  it.each(languages)('%s loads every namespace as it is on disk', async (language) => {
    for (const ns of namespaces) {
      expect(hasTranslation(language, ns), `${language}/${ns}.json`).toBe(true);
      expect(await loadTranslation(language, ns), `${language}/${ns}.json`).toEqual(load(language, ns));
    }
  });

  it('every key of every language exists in every other language', () => {
    const problems: string[] = [];
    for (const ns of namespaces) {
      for (const from of languages) {
        for (const to of languages) {
          if (from === to) continue;
          const target = flat.get(to)!.get(ns)!;
          for (const key of flat.get(from)!.get(ns)!.keys()) {
            if (!target.has(key)) problems.push(`${to}/${ns}.json is missing "${key}" (present in ${from})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('no translation is empty or anything but text', () => {
    const problems: string[] = [];
    for (const language of languages) {
      for (const ns of namespaces) {
        for (const [key, value] of flat.get(language)!.get(ns)!) {
          if (typeof value !== 'string' || value.trim() === '') problems.push(`${language}/${ns}.json "${key}" is ${JSON.stringify(value)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every language interpolates the same parameters', () => {
    const problems: string[] = [];
    for (const ns of namespaces) {
      for (const [key, reference] of flat.get('en')!.get(ns)!) {
        for (const language of languages) {
          const value = flat.get(language)!.get(ns)!.get(key);
          if (value !== undefined && placeholders(value) !== placeholders(reference)) {
            problems.push(`${language}/${ns}.json "${key}" uses {{${placeholders(value)}}}, en uses {{${placeholders(reference)}}}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has the too-long message of every length the shared text fields are given', () => {
    // requiredText(N) and optionalText(N) refuse with validation.tooLong.N: every N written in the
    // shared schemas needs its sentence (a field whose N had none said 'This field is invalid').
    const sharedDir = path.join(i18nDir, '../../shared');
    const lengths = new Set<string>();
    for (const file of fs.readdirSync(sharedDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      for (const match of fs.readFileSync(path.join(sharedDir, file), 'utf8').matchAll(/\b(?:requiredText|optionalText)\((\d+)\)/g)) lengths.add(match[1]!);
    }
    expect(lengths.size).toBeGreaterThan(3);
    const missing = languages.flatMap((language) => [...lengths].filter((length) => !flat.get(language)!.get('validation')!.has(`tooLong.${length}`)).map((length) => `${language}: tooLong.${length}`));
    expect(missing).toEqual([]);
  });

  it.each(languages)('%s has a text for every error code', (language) => {
    const errors = flat.get(language)!.get('errors')!;
    const missing = errorCodes.filter((code) => !errors.has(code));
    expect(missing, `${language}/errors.json lacks these codes`).toEqual([]);
  });
});
