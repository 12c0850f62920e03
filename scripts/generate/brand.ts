/**
 * Step 3: replace the brand placeholders that openapi/ writes instead of a brand:
 * `{{BRAND}}` (ACME), `{{brand}}` (acme) and `{{BRAND_TOKEN_VARIABLE}}` (ACME_API_TOKEN).
 */
import type { Brand } from '../../src/shared/brand.ts';

export function substituteBrand(text: string, brand: Brand): string {
  return text.replaceAll('{{BRAND_TOKEN_VARIABLE}}', brand.tokenVariable).replaceAll('{{BRAND}}', brand.name).replaceAll('{{brand}}', brand.tokenPrefix);
}

/** Substitutes in every key and string of a JSON value; the result is a new value. */
export function substituteBrandDeep<T>(value: T, brand: Brand): T {
  if (typeof value === 'string') return substituteBrand(value, brand) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => substituteBrandDeep(item, brand)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [substituteBrand(key, brand), substituteBrandDeep(item, brand)])) as T;
  }
  return value;
}

/** Fails when a placeholder survived (a misspelt one, e.g. `{{Brand}}`). */
export function assertNoPlaceholders(text: string, what: string): void {
  const left = /\{\{\s*[A-Za-z_]+\s*\}\}/.exec(text);
  if (left) throw new Error(`${what}: unknown placeholder ${left[0]} (use {{BRAND}}, {{brand}} or {{BRAND_TOKEN_VARIABLE}})`);
}
