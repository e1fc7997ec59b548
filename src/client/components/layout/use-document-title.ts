import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { brand } from '@/client/lib/brand';
import { pageOfHandle, type PageId } from '@/client/paths';

/** The page of the deepest matched route that names one; `null` for the not-found page. */
function useCurrentPage(): PageId | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    const page = pageOfHandle(match.handle, match.params);
    if (page !== undefined) return page;
  }
  return null;
}

/** Titles the browser tab `<page name> | <brand>` (the brand alone on the not-found page). */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const page = useCurrentPage();
  const title = page ? `${t(`pages.${page}`)} | ${brand}` : brand;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
