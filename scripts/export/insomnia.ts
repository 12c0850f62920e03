/**
 * An Insomnia export (format 4, the JSON that Insomnia's "Import" reads): a workspace, a base environment
 * with `baseUrl`, a private sub-environment holding one token variable per API family (Insomnia never exports
 * or syncs private environments), a folder per tag and a request per operation, sending its family's token.
 * Insomnia's own OpenAPI importer (`insomnia-importers`) was last published in 2022 and is no longer kept
 * apart from the app, so the format is written here and checked against `insomnia-v4.schema.json` in the tests.
 */
import { tokenVariableOf } from '../../src/shared/api-family.ts';
import type { Brand } from '../../src/shared/brand.ts';
import { familiesOf, type ExampleRequest } from './example-requests.ts';
import { stableId } from './postman.ts';

export interface InsomniaResource {
  _id: string;
  _type: 'workspace' | 'environment' | 'request_group' | 'request';
  parentId: string | null;
  name: string;
  [key: string]: unknown;
}

export interface InsomniaExport {
  _type: 'export';
  __export_format: 4;
  __export_date: string;
  __export_source: string;
  resources: InsomniaResource[];
}

function id(prefix: string, seed: string): string {
  return `${prefix}_${stableId(seed).replaceAll('-', '')}`;
}

export function insomniaExport(title: string, requests: ExampleRequest[], brand: Brand, baseUrl: string, exportedAt: string): InsomniaExport {
  const workspace = id('wrk', title);
  const baseEnvironment = id('env', `${title}:base`);
  const resources: InsomniaResource[] = [
    { _id: workspace, _type: 'workspace', parentId: null, name: title, description: `Every call of the ${title}.`, scope: 'collection' },
    { _id: baseEnvironment, _type: 'environment', parentId: workspace, name: 'Base Environment', data: { baseUrl }, isPrivate: false },
    {
      _id: id('env', `${title}:token`),
      _type: 'environment',
      parentId: baseEnvironment,
      name: 'My tokens (private)',
      data: Object.fromEntries(familiesOf(requests).map((family) => [tokenVariableOf(brand.name, family), ''])),
      isPrivate: true,
    },
  ];
  const folders = new Map<string, string>();
  requests.forEach((request, index) => {
    let folder = folders.get(request.tag);
    if (folder === undefined) {
      folder = id('fld', `${title}:${request.tag}`);
      folders.set(request.tag, folder);
      resources.push({
        _id: folder,
        _type: 'request_group',
        parentId: workspace,
        name: request.tag,
        description: '',
        environment: {},
        metaSortKey: -folders.size,
      });
    }
    resources.push({
      _id: id('req', `${title}:${request.operationId}`),
      _type: 'request',
      parentId: folder,
      name: request.deprecated ? `${request.summary} (deprecated)` : request.summary,
      description: request.description,
      method: request.method,
      url: `{{ _.baseUrl }}${request.path}`,
      parameters: request.query.map((q) => ({ name: q.name, value: q.value, disabled: false })),
      headers: [
        { name: brand.apiTokenHeader, value: `{{ _.${tokenVariableOf(brand.name, request.family)} }}` },
        { name: 'Accept', value: 'application/json' },
        ...(request.body ? [{ name: 'Content-Type', value: request.body.mimeType }] : []),
      ],
      body: request.body ? { mimeType: request.body.mimeType, text: request.body.text } : {},
      authentication: {},
      metaSortKey: index,
    });
  });
  return { _type: 'export', __export_format: 4, __export_date: exportedAt, __export_source: `${brand.tokenPrefix}-developer-portal.export`, resources };
}
