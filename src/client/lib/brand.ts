const fallbackBrand = 'Inspectra';
const placeholder = '%PORTAL_BRAND%';

/**
 * The brand name the server wrote into `<meta name="portal-brand">`. The Vite dev server (and a page
 * served without the portal) leaves the placeholder in place, so that case falls back to the default.
 */
function readBrand(): string {
  if (typeof document === 'undefined') return fallbackBrand;
  const content = document.querySelector<HTMLMetaElement>('meta[name="portal-brand"]')?.content.trim();
  return content && content !== placeholder ? content : fallbackBrand;
}

export const brand = readBrand();
