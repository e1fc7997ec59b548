import { z } from 'zod';

/**
 * Text length as the spec counts it (section 5): a wide character (CJK, full-width forms, emoji)
 * counts as 2, anything else as 1. Used for every length limit on user text.
 */
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{1F300}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u;

export function wideLength(text: string): number {
  let length = 0;
  for (const char of text) length += WIDE.test(char) ? 2 : 1;
  return length;
}

/**
 * Control characters other than tab, line feed and carriage return, and halves of a UTF-16 pair
 * without their other half: never typed, sometimes pasted or sent by a script. NUL is refused by
 * PostgreSQL's text type and a lone half by its json; elsewhere a lone half would be stored as
 * U+FFFD. User text with either is refused as bad input.
 */
export function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
    // A pair is one char of two code units here; a half alone is one.
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) return true;
  }
  return false;
}

/** Text with nothing visible: empty, or only spaces and invisible format characters (zero-width space, joiners...). */
const BLANK = /^[\s\p{Cf}]*$/u;

export const controlCharacterMessage = 'validation.controlCharacter';

/** The i18n key of the 'required field' message (spec section 5). */
export const requiredMessage = 'validation.required';

/** Required, trimmed user text of at most `max`, counted as wideLength counts it. */
export function requiredText(max: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .refine((value) => !BLANK.test(value), { error: requiredMessage })
    .refine((value) => !hasControlCharacter(value), { error: controlCharacterMessage })
    .refine((value) => wideLength(value) <= max, { error: `validation.tooLong.${max}` });
}

/**
 * Optional user text of at most `max`, counted as the spec counts it (a wide character as 2:
 * wideLength); the same refusals as requiredText but none for being empty.
 */
export function optionalText(max: number) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max * 2, { error: `validation.tooLong.${max}` })
    .refine((value) => !hasControlCharacter(value), { error: controlCharacterMessage })
    .refine((value) => wideLength(value) <= max, { error: `validation.tooLong.${max}` });
}

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Bytes with units up to YB, 2 decimals by default (spec section 9), in steps of 1024. */
export function formatBytes(bytes: number, decimals = 2): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(decimals)} ${byteUnits[unit]}`;
}
