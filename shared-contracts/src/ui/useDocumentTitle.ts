/**
 * The browser tab's title (issue 16: every route was "Store Ratings"): "<page> · Store Ratings". A page's
 * header sets it from its h1 (PageHeader), the shell from its route table while the page loads.
 */
import { useEffect } from 'react';

export const SITE_TITLE = 'Store Ratings';

/** "<page> · Store Ratings", or the site's name alone. */
export function documentTitle(page?: string | null): string {
  const trimmed = page?.trim();
  return trimmed ? `${trimmed} · ${SITE_TITLE}` : SITE_TITLE;
}

/** Sets the tab's title to documentTitle(page) while mounted with it; nothing when `page` is undefined. */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    if (page !== undefined) document.title = documentTitle(page);
  }, [page]);
}
