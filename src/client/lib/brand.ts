const fallbackBrand = 'Inspectra';
const fallbackShopUrl = 'https://shop.inspectra.example';

/**
 * A value the server wrote into a `<meta>` of the app shell. The Vite dev server (and a page served
 * without the portal) leaves the placeholder in place, so that case falls back to the default.
 */
function readMeta(name: string, placeholder: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return content && content !== placeholder ? content : fallback;
}

export const brand = readMeta('portal-brand', '%PORTAL_BRAND%', fallbackBrand);

/** The external shopping centre (SHOP_URL on the server), opened in the same window. */
export const shopUrl = readMeta('portal-shop-url', '%PORTAL_SHOP_URL%', fallbackShopUrl);
