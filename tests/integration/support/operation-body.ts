/**
 * The body a test sends to a public operation that takes one: the sandbox's stock changes, the only public
 * operations with a request body, add one unit (a change that is always allowed). Any other body is a new
 * operation this helper must learn, so it says so rather than guessing.
 */
export const STOCK_CHANGE = { quantityChange: 1 } as const;

export function bodyFor(op: { operationId: string; requestBody?: unknown }): Record<string, unknown> | undefined {
  if (op.requestBody === undefined) return undefined;
  const schema = JSON.stringify(op.requestBody);
  if (schema.includes('StockChangeRequest')) return { ...STOCK_CHANGE };
  throw new Error(`${op.operationId} takes a body this test helper does not know how to fill`);
}
