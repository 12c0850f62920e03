/**
 * The Postman collection (openapi-to-postmanv2, Postman's own converter) and a Postman environment with
 * `baseUrl` and the token variable, the token marked secret so Postman masks it.
 */
import { createHash } from 'node:crypto';
import { convert } from 'openapi-to-postmanv2';
import type { Brand } from '../../src/shared/brand.ts';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';

/** The parts of a Postman v2.1 collection this script touches. */
export interface PostmanCollection {
  info: { name: string; _postman_id?: string };
  variable?: Array<{ key: string; value: string; type?: string; description?: unknown }>;
  auth?: unknown;
  item: Array<{ name: string; item?: unknown[] }>;
}

export interface PostmanEnvironment {
  id: string;
  name: string;
  values: Array<{ key: string; value: string; type: 'default' | 'secret'; enabled: boolean }>;
  _postman_variable_scope: 'environment';
}

/** A stable UUID-shaped id, so exporting twice writes the same bytes. */
export function stableId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function toPostman(spec: OpenApiDocument): Promise<PostmanCollection> {
  return new Promise((resolvePromise, reject) => {
    convert(
      { type: 'json', data: spec as object },
      // Folders by tag (= documentation pages); parameter and response values from the spec's examples.
      { folderStrategy: 'Tags', requestParametersResolution: 'Example', exampleParametersResolution: 'Example' },
      (error, result) => {
        const collection = result?.output?.[0]?.data as PostmanCollection | undefined;
        if (error || !result?.result || !collection) {
          reject(new Error(`openapi-to-postmanv2: ${error?.message ?? result?.reason ?? 'no collection'}`));
        } else {
          resolvePromise(collection);
        }
      },
    );
  });
}

/** Names the token variable like the docs' samples (`ACME_API_TOKEN`) and points the collection's apiKey auth at it. */
export async function postmanCollection(spec: OpenApiDocument, brand: Brand, baseUrl: string): Promise<PostmanCollection> {
  const collection = await toPostman(spec);
  const variables = (collection.variable ?? []).filter((v) => v.key !== 'baseUrl' && v.key !== brand.tokenVariable && v.key !== 'host');
  return {
    ...collection,
    info: { ...collection.info, _postman_id: stableId(`collection:${collection.info.name}`) },
    // Tags without operations (Authentication) would be empty folders.
    item: collection.item.filter((folder) => folder.item === undefined || folder.item.length > 0),
    auth: {
      type: 'apikey',
      apikey: [
        { key: 'key', value: brand.apiTokenHeader, type: 'string' },
        { key: 'value', value: `{{${brand.tokenVariable}}}`, type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    },
    variable: [
      ...variables,
      { key: 'baseUrl', value: baseUrl, type: 'string', description: 'Public API base URL.' },
      {
        key: brand.tokenVariable,
        value: '',
        type: 'string',
        description: 'Your API token (create one in the portal Settings). Better: set it in the environment, where it is secret.',
      },
    ],
  };
}

export function postmanEnvironment(name: string, brand: Brand, baseUrl: string): PostmanEnvironment {
  return {
    id: stableId(`environment:${name}`),
    name,
    values: [
      { key: 'baseUrl', value: baseUrl, type: 'default', enabled: true },
      { key: brand.tokenVariable, value: '', type: 'secret', enabled: true },
    ],
    _postman_variable_scope: 'environment',
  };
}
