/**
 * The sidebar's navigation, built from the catalogue that `npm run generate` derives from the spec's
 * tags and x-tagGroups, so no page is listed by hand.
 */
import { catalogue } from '../../../generated/catalogue';
import { familiesFirst, familyOfUserType, isApiFamily, type UserType } from '../../../shared/api-family';
import { documentationHref, resolvePage, type NavGroup, type PageAddress } from '../../../shared/portal-data/links';

export interface DocsNavPage extends PageAddress {
  label: string;
  to: string;
}

export interface DocsNavGroup {
  label: string;
  category: string;
  pages: DocsNavPage[];
}

export function buildDocsNav(groups: readonly NavGroup[] = catalogue.groups): DocsNavGroup[] {
  return groups.map((group) => ({
    label: group.title,
    category: group.category,
    pages: group.pages.map((page) => {
      const address = { category: group.category, subcategory: page.subcategory };
      return { label: page.title, ...address, to: documentationHref(address) };
    }),
  }));
}

/** The groups with the user's own API before the other (a warehouse user reads Warehouse API first); the rest keep their places. */
export function ownApiFirst(nav: readonly DocsNavGroup[], userType: UserType | undefined): DocsNavGroup[] {
  if (userType === undefined) return [...nav];
  const order = familiesFirst(familyOfUserType(userType));
  const rank = (category: string) => (isApiFamily(category) ? order.indexOf(category) : -1);
  const sorted = nav.filter((group) => isApiFamily(group.category)).sort((a, b) => rank(a.category) - rank(b.category));
  let next = 0;
  return nav.map((group) => (isApiFamily(group.category) ? (sorted[next++] ?? group) : group));
}

/**
 * The documentation page a location shows, or null when it is not a documentation page (or names no
 * page). The same resolvePage as the documentation screen, so the highlight always matches the page
 * (`/` is the first page of the user's own API).
 */
export function activeDocsPage(pathname: string, search: string, userType?: UserType, groups: readonly NavGroup[] = catalogue.groups): PageAddress | null {
  if (pathname !== '/' && pathname !== '/documentation') return null;
  const resolution = resolvePage(groups, new URLSearchParams(search), userType);
  return resolution.found ? { category: resolution.page.category, subcategory: resolution.page.subcategory } : null;
}
