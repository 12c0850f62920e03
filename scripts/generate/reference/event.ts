/**
 * One event of the bundled spec's `webhooks`, resolved into the ReferenceOperation the pages draw: its
 * type, summary and description, the delivery's headers (the Standard Webhooks signature headers), the
 * payload as a request body, what the receiving endpoint answers, and receiver samples in place of calls.
 */
import { type OpenApiDocument, type OperationEntry } from '../../../src/shared/openapi/openapi-document.ts';
import type { Brand } from '../../../src/shared/brand.ts';
import type { ReferenceOperation } from '../../../src/shared/portal-data/reference-page.ts';
import { eventSamples } from './event-samples.ts';
import { markdownBlocks } from './markdown.ts';
import { parametersOf, requestBodyOf, responsesOf } from './operation.ts';

export function referenceEvent(doc: OpenApiDocument, entry: OperationEntry, brand: Brand): ReferenceOperation {
  const { path: eventType, method, pathItem, operation } = entry;
  const operationId = String(operation.operationId);
  const requestBody = requestBodyOf(doc, operation);
  if (!requestBody?.body) throw new Error(`webhook ${eventType}: its request body (the payload) needs a schema`);
  const out: ReferenceOperation = {
    operationId,
    method,
    path: eventType,
    event: eventType,
    summary: typeof operation.summary === 'string' ? operation.summary : eventType,
    parameters: parametersOf(doc, pathItem, operation),
    requestBody,
    responses: responsesOf(doc, operation),
    samples: eventSamples(eventType, brand),
  };
  const description = markdownBlocks(typeof operation.description === 'string' ? operation.description : undefined);
  if (description) out.description = description;
  return out;
}
