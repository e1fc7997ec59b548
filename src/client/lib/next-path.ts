const here = 'http://portal.invalid';

function hasControlCharacter(text: string): boolean {
  return [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/**
 * The `next` parameter of the sign-in page, only when it leads to a page of this site: a path that
 * resolves to this origin. `//evil.example` and `/\evil.example` (a browser reads a backslash as a
 * slash) lead elsewhere and are dropped, as is anything with control characters.
 */
export function safeNextPath(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.includes('\\') || hasControlCharacter(next)) return undefined;
  try {
    const url = new URL(next, here);
    return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}
