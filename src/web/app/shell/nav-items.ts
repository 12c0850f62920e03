/**
 * The sidebar's navigation, built from the catalogue that `npm run generate` derives from the spec's
 * tags and x-tagGroups (architecture: a hand-written list of endpoints or pages anywhere is a defect).
 */
import catalogue from '../../../generated/catalogue.json';

export interface DocsNavPage {
  label: string;
  to: string;
  category: string;
  subcategory: string;
}

export interface DocsNavGroup {
  label: string;
  category: string;
  pages: DocsNavPage[];
}

/** The documentation's defaults (product spec section 9): category seller, subcategory warehouse. */
export const DEFAULT_DOCS_CATEGORY = 'seller';
export const DEFAULT_DOCS_SUBCATEGORY = 'warehouse';

interface CatalogueLike {
  groups: { category: string; title: string; pages: { subcategory: string; title: string }[] }[];
}

export function documentationPath(category: string, subcategory: string): string {
  return `/documentation?${new URLSearchParams({ category, subcategory }).toString()}`;
}

export function buildDocsNav(source: CatalogueLike = catalogue): DocsNavGroup[] {
  return source.groups.map((group) => ({
    label: group.title,
    category: group.category,
    pages: group.pages.map((page) => ({
      label: page.title,
      category: group.category,
      subcategory: page.subcategory,
      to: documentationPath(group.category, page.subcategory),
    })),
  }));
}

/** The documentation page a location shows, or null when it is not a documentation page. */
export function activeDocsPage(pathname: string, search: string): { category: string; subcategory: string } | null {
  if (pathname !== '/' && pathname !== '/documentation') return null;
  const params = new URLSearchParams(search);
  return {
    category: params.get('category') ?? DEFAULT_DOCS_CATEGORY,
    subcategory: params.get('subcategory') ?? DEFAULT_DOCS_SUBCATEGORY,
  };
}
