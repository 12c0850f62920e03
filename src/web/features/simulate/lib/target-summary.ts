/**
 * A list row as a choice in the target picker: its id (where the list's `x-row-id` says), and what helps to
 * pick it: its number or name and its current status fields, or the product's available quantity. For the
 * eye only: nothing is sent from here but the id.
 */

export interface Target {
  id: number;
  /** "#1042 · SO-2026-0042", "#7 · Desk lamp". */
  label: string;
  /** "NEW", "PACKED · seller: READY", "410 available"; '' when the row shows none. */
  state: string;
}

const NAME_FIELDS = ['orderNumber', 'productName', 'sku'];

function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);
}

export function targetOf(row: unknown, rowId: readonly string[]): Target | undefined {
  const id = at(row, rowId);
  if (typeof id !== 'number') return undefined;
  // The fields beside the id: the row itself, or the object holding it (`import` of an import's row).
  const holder = at(row, rowId.slice(0, -1));
  const fields = holder !== null && typeof holder === 'object' ? (holder as Record<string, unknown>) : {};
  const name = NAME_FIELDS.map((field) => fields[field]).find((value): value is string => typeof value === 'string' && value !== '');
  const statuses = Object.entries(fields)
    .filter(([key, value]) => /status$/i.test(key) && typeof value === 'string')
    .map(([key, value]) => (key === 'status' ? String(value) : `${key.replace(/Status$/, '')}: ${String(value)}`));
  const available = at(fields, ['inventory', 'availableQuantity']);
  const state = statuses.length > 0 ? statuses.join(' · ') : typeof available === 'number' ? `${available} available` : '';
  return { id, label: name ? `#${id} · ${name}` : `#${id}`, state };
}
