/**
 * Which documentation page a URL asks for (product spec section 2): category defaults to `seller`,
 * subcategory to `warehouse`; a category without a subcategory opens its `warehouse` page if it has one,
 * else its first page (so `?category=authentication` works alone). Anything unknown is "no such page".
 */
export interface PageRef {
  category: string;
  subcategory: string;
  title: string;
  groupTitle: string;
}

export interface NavGroup {
  category: string;
  title: string;
  pages: { subcategory: string; title: string }[];
}

export const DEFAULT_CATEGORY = 'seller';
export const DEFAULT_SUBCATEGORY = 'warehouse';

export type Resolution = { found: true; page: PageRef } | { found: false; category: string; subcategory: string | null };

export function resolvePage(groups: readonly NavGroup[], params: URLSearchParams): Resolution {
  const category = params.get('category') || DEFAULT_CATEGORY;
  const asked = params.get('subcategory');
  const group = groups.find((g) => g.category === category);
  if (!group) return { found: false, category, subcategory: asked };
  const page = asked
    ? group.pages.find((p) => p.subcategory === asked)
    : (group.pages.find((p) => p.subcategory === DEFAULT_SUBCATEGORY) ?? group.pages[0]);
  if (!page) return { found: false, category, subcategory: asked };
  return { found: true, page: { category, subcategory: page.subcategory, title: page.title, groupTitle: group.title } };
}

export function documentationHref(category: string, subcategory: string, anchor?: string): string {
  const query = new URLSearchParams({ category, subcategory });
  return `/documentation?${query.toString()}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}
