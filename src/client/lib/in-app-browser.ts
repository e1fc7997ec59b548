/** Browsers built into chat and social apps, which cannot keep a sign-in or open downloads reliably. */
const inAppBrowser = /\bLine\/|FBAN|FBAV|Instagram|MicroMessenger|KAKAOTALK|WhatsApp|; wv\)/i;
const lineBrowser = /\bLine\//i;
export const externalBrowserParam = 'openExternalBrowser';

export function isInAppBrowser(userAgent = navigator.userAgent): boolean {
  return inAppBrowser.test(userAgent);
}

/**
 * In LINE's in-app browser the page reloads once with openExternalBrowser=1, which LINE answers by
 * opening the default browser (spec section 2). Returns true when it navigates away.
 */
export function reopenOutsideLine(location: Location = window.location, userAgent = navigator.userAgent): boolean {
  if (!lineBrowser.test(userAgent)) return false;
  const url = new URL(location.href);
  if (url.searchParams.get(externalBrowserParam) === '1') return false;
  url.searchParams.set(externalBrowserParam, '1');
  location.replace(url.toString());
  return true;
}

const platformIdKey = 'portal.platformId';

/**
 * A `uuid` query parameter names the purchased system the visitor came from. It is kept (for the
 * tab and for later visits) as the platform id that the device-binding page transfers points to.
 */
export function keepPlatformId(search: string = window.location.search): string | null {
  const uuid = new URLSearchParams(search).get('uuid')?.trim();
  if (!uuid) return null;
  try {
    window.sessionStorage.setItem(platformIdKey, uuid);
    window.localStorage.setItem(platformIdKey, uuid);
  } catch {
    // Without storage the id lasts as long as the address carries it.
  }
  return uuid;
}

/** The platform id kept from an address (keepPlatformId), for the device-binding form; null when none was. */
export function keptPlatformId(): string | null {
  try {
    return window.sessionStorage.getItem(platformIdKey) ?? window.localStorage.getItem(platformIdKey);
  } catch {
    return null;
  }
}
