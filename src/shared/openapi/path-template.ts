/**
 * An OpenAPI path template (`/seller/orders/return/{returnId}`) filled with values. Each value is
 * percent-encoded as a path segment; a parameter without a value keeps its `{name}`, so a caller can tell
 * what is still missing.
 */
export function fillPathTemplate(template: string, valueOf: (name: string) => string | undefined): string {
  return template.replace(/\{([^}/]+)\}/g, (placeholder, name: string) => {
    const value = valueOf(name);
    return value === undefined || value === '' ? placeholder : encodeURIComponent(value);
  });
}
