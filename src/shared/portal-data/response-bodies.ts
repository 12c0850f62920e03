/**
 * Which bodies a page draws as field trees: the request body (a simulation's JSON, an event's payload)
 * under `request`, each success response under its status, and the error body once (errors share one
 * schema) under `errors`. The generator's search index links fields to the same anchors, so both import this.
 */
import type { FieldNode, ReferenceOperation } from './reference-page.ts';

export const ERRORS_ANCHOR = 'errors';
export const REQUEST_ANCHOR = 'request';

export function drawnBodies(operation: ReferenceOperation): { anchor: string; body: FieldNode }[] {
  const out: { anchor: string; body: FieldNode }[] = [];
  if (operation.requestBody?.body) out.push({ anchor: REQUEST_ANCHOR, body: operation.requestBody.body });
  for (const response of operation.responses) if (response.status.startsWith('2') && response.body) out.push({ anchor: response.status, body: response.body });
  const error = operation.responses.find((response) => !response.status.startsWith('2') && response.body);
  if (error?.body) out.push({ anchor: ERRORS_ANCHOR, body: error.body });
  return out;
}
