/** The public API's domains as menus and chips name them; the domains themselves come from domainsOfFamily (shared/api-family.ts). */
/** "warehouses" -> "Warehouses" for menus and chips. */
export function domainLabel(domain: string): string {
  return domain.charAt(0).toUpperCase() + domain.slice(1);
}
