/**
 * The one rule for which value in a list row opens that row's detail call, shared by the tester's JSON
 * and Table views: the field at the operation's `x-row-id` path (`id`, or `import.id` for a seller
 * import row), when it holds a whole number (as a number or as digits).
 */

/** True when `fieldPath` (inside one row) is where the row keeps its detail id. */
export function isRowIdField(fieldPath: readonly (string | number)[], rowId: readonly string[]): boolean {
  return fieldPath.length === rowId.length && rowId.every((key, index) => fieldPath[index] === key);
}

/** The id to open when `value` sits at `fieldPath` in a row, or undefined when it opens nothing. */
export function rowDetailId(fieldPath: readonly (string | number)[], value: unknown, rowId: readonly string[]): string | undefined {
  if (!isRowIdField(fieldPath, rowId)) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  return undefined;
}
