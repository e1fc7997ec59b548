import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '../../../shared/languages';
import { projectRoot } from '../../project-root';

/**
 * The CJK fonts of the order PDFs: Noto Sans TC, SC and JP (SIL Open Font License) as single
 * TrueType files from the @expo-google-fonts packages (pdfkit cannot read .ttc collections). Each
 * language has its own first font for its glyph forms; a character the first font lacks (a
 * Simplified character in a Traditional company name, say) is written with the next one that has
 * it. pdfkit embeds only the glyphs used, with their Unicode mapping, so the text can be copied.
 */
const require = createRequire(path.join(projectRoot(), 'package.json'));
const fontFiles = {
  tc: () => require.resolve('@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf'),
  sc: () => require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  jp: () => require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  tcBold: () => require.resolve('@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf'),
  scBold: () => require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
  jpBold: () => require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
} as const;
type FontName = keyof typeof fontFiles;

const order: Record<Language, Array<'tc' | 'sc' | 'jp'>> = {
  'zh-TW': ['tc', 'sc', 'jp'],
  en: ['tc', 'sc', 'jp'],
  'zh-CN': ['sc', 'tc', 'jp'],
  ja: ['jp', 'tc', 'sc'],
};

let openFont: typeof import('fontkit').openSync | undefined;

/** Loads fontkit, which fontRuns() needs, once. */
export async function loadFontkit(): Promise<void> {
  openFont ??= (await import('fontkit')).openSync;
}

const coverage = new Map<FontName, { hasGlyphForCodePoint(codePoint: number): boolean }>();
function font(name: FontName) {
  let opened = coverage.get(name);
  if (!opened) {
    if (!openFont) throw new Error('loadFontkit() runs before fontRuns()');
    opened = openFont(fontPath(name)) as unknown as { hasGlyphForCodePoint(codePoint: number): boolean };
    coverage.set(name, opened);
  }
  return opened;
}

export function fontPath(name: FontName): string {
  return fontFiles[name]();
}

/** The pdfkit font names to register: each file once, under its own name. */
export const pdfFontNames = Object.keys(fontFiles) as FontName[];

/**
 * `text` cut into runs, each with the first font of `language` that has all its characters
 * (spaces go with the run before them). Bold uses the bold cut of the same family.
 */
export function fontRuns(text: string, language: Language, bold = false): Array<{ font: FontName; text: string }> {
  const runs: Array<{ font: FontName; text: string }> = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const family = /\s/.test(char) && runs.length > 0 ? undefined : (order[language].find((candidate) => font(candidate).hasGlyphForCodePoint(codePoint)) ?? order[language][0]!);
    const name = family === undefined ? runs.at(-1)!.font : ((bold ? `${family}Bold` : family) as FontName);
    const last = runs.at(-1);
    if (last && last.font === name) last.text += char;
    else runs.push({ font: name, text: char });
  }
  return runs;
}
