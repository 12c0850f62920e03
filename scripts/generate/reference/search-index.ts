/**
 * The search index behind Ctrl/Cmd+K: every operation (path, summary, operationId) and event (type, summary,
 * payload fields), every named schema,
 * every field and every section of a page's prose (guide-sections.ts), each with the link that shows it. A field is indexed once per schema and page (its
 * first appearance on that page), so a spec that reuses schemas across many operations keeps a small
 * index, while a field both APIs share (`trackingNumber`) is offered on each API's page.
 */
import { documentationHref as pageHref, fieldAnchor } from '../../../src/shared/portal-data/links.ts';
import { operationLine } from '../../../src/shared/portal-data/operation-label.ts';
import type { FieldNode, ReferencePage, SearchEntry } from '../../../src/shared/portal-data/reference-page.ts';
import { drawnBodies } from '../../../src/shared/portal-data/response-bodies.ts';
import { guideSectionEntries } from './guide-sections.ts';
import { inlinePlain } from './markdown.ts';

function trim(text: string, max = 140): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function buildSearchIndex(pages: ReferencePage[]): SearchEntry[] {
  const entries: SearchEntry[] = [];

  for (const page of pages) {
    const seenSchemas = new Set<string>();
    const seenFields = new Set<string>();
    const where = page.groupTitle === page.title ? page.title : `${page.groupTitle} · ${page.title}`;
    entries.push({ kind: 'page', title: where, detail: page.tag, page: where, href: pageHref(page) });
    entries.push(...guideSectionEntries(page, where, trim));

    for (const operation of page.operations) {
      entries.push({
        kind: operation.event === undefined ? 'operation' : 'event',
        title: operationLine(operation),
        detail: operation.summary,
        page: where,
        // An event is also found by the words of its type (`normal order status`).
        keywords: operation.event === undefined ? operation.operationId : `${operation.operationId} ${operation.event.replace(/[._]/g, ' ')}`,
        operationId: operation.operationId,
        href: pageHref(page, operation.operationId),
      });
    }
    // Fields link to the rows the page draws: a request body or event payload, success bodies, then the shared error body.
    for (const operation of page.operations) {
      for (const response of drawnBodies(operation).map(({ anchor, body }) => ({ status: anchor, body }))) {
        const walk = (node: FieldNode, path: string[], owner: string | undefined, ownerPath: string[]) => {
          const schemaName = node.schema && !node.schema.includes('(') ? node.schema : undefined;
          if (schemaName && !seenSchemas.has(schemaName)) {
            seenSchemas.add(schemaName);
            entries.push({
              kind: 'schema',
              title: schemaName,
              detail: trim(inlinePlain(node.schemaDescription ?? node.description) || node.type),
              page: where,
              operationId: operation.operationId,
              href: pageHref(page, path.length > 0 ? fieldAnchor(operation.operationId, response.status, path) : operation.operationId),
            });
          }
          const currentOwner = schemaName ?? owner;
          const currentOwnerPath = schemaName ? [] : ownerPath;
          for (const child of node.children ?? []) {
            if (!child.name) continue;
            const childPath = [...path, child.name];
            const key = `${currentOwner ?? operation.operationId}.${[...currentOwnerPath, child.name].join('.')}`;
            if (!seenFields.has(key)) {
              seenFields.add(key);
              const description = inlinePlain(child.description);
              entries.push({
                kind: 'field',
                title: child.name,
                detail: trim(
                  `${[currentOwner, ...currentOwnerPath].filter(Boolean).join('.') || 'response'} · ${child.type}${description ? ` · ${description}` : ''}`,
                ),
                page: where,
                operationId: operation.operationId,
                href: pageHref(page, fieldAnchor(operation.operationId, response.status, childPath)),
              });
            }
            walk(child, childPath, currentOwner, [...currentOwnerPath, child.name]);
          }
        };
        walk(response.body, [], undefined, []);
      }
    }
  }
  return entries;
}
