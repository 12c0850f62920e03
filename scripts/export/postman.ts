/**
 * The Postman collection (openapi-to-postmanv2, Postman's own converter), then four things the converter
 * does not do: each folder's apiKey auth reads its API family's token variable (`ACME_SELLER_API_TOKEN`,
 * `ACME_WAREHOUSE_API_TOKEN`), so one collection runs both APIs with one token each; every request carries
 * the test script generated from its operation (postman-tests.ts); the folders of calls that change data
 * (the sandbox's simulations) come last; and a Postman environment with `baseUrl` and the token variables,
 * marked secret so Postman masks them. Webhooks are left out (the converter's `includeWebhooks` is off):
 * they are not requests an integrator sends.
 */
import { createHash } from 'node:crypto';
import { convert } from 'openapi-to-postmanv2';
import { API_FAMILIES, FAMILY, tokenVariableOf, type ApiFamily } from '../../src/shared/api-family.ts';
import type { Brand } from '../../src/shared/brand.ts';
import { listOperations, operationIdOf, type OpenApiDocument, type OperationEntry } from '../../src/shared/openapi/openapi-document.ts';
import { familyOf, tagsByName } from '../../src/shared/openapi/portal-extensions.ts';
import { testEvent, type PostmanEvent } from './postman-tests.ts';

interface PostmanAuth {
  type: 'apikey';
  apikey: Array<{ key: string; value: string; type: 'string' }>;
}

/** A request of the converted collection: the parts this script reads or sets. */
interface PostmanRequestItem {
  name: string;
  request: { method: string; url: { path?: string[] } };
  event?: PostmanEvent[];
}

/** A folder (one per tag): the converter nests requests one level deep. */
interface PostmanFolder {
  name: string;
  item?: PostmanRequestItem[];
  auth?: PostmanAuth;
}

/** The parts of a Postman v2.1 collection this script touches. */
export interface PostmanCollection {
  info: { name: string; _postman_id?: string };
  variable?: Array<{ key: string; value: string; type?: string; description?: unknown }>;
  auth?: PostmanAuth;
  item: PostmanFolder[];
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

/** The spec's operation a converted request calls, found by method and path (`:id` segments are `{id}`). */
function operationFinder(spec: OpenApiDocument): (item: PostmanRequestItem) => OperationEntry {
  const byRoute = new Map(listOperations(spec).map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry]));
  return (item) => {
    const path = (item.request.url.path ?? []).map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment));
    const route = `${item.request.method.toUpperCase()} /${path.join('/')}`;
    const entry = byRoute.get(route);
    if (!entry) throw new Error(`openapi-to-postmanv2 made a request "${item.name}" (${route}) that is no operation of the spec`);
    return entry;
  };
}

function apiKeyAuth(brand: Brand, family: ApiFamily): PostmanAuth {
  return {
    type: 'apikey',
    apikey: [
      { key: 'key', value: brand.apiTokenHeader, type: 'string' },
      { key: 'value', value: `{{${tokenVariableOf(brand.name, family)}}}`, type: 'string' },
      { key: 'in', value: 'header', type: 'string' },
    ],
  };
}

/**
 * The converted collection with a folder-level apiKey auth on its family's token variable (and the
 * collection's own when it holds one family), a test script on every request, and `baseUrl` and the token
 * variables as collection variables.
 */
export async function postmanCollection(spec: OpenApiDocument, brand: Brand, baseUrl: string): Promise<PostmanCollection> {
  // The converter changes the document it is given (it adds `name` to headers); the tests read the spec as written.
  const collection = await toPostman(structuredClone(spec));
  const operationOf = operationFinder(spec);
  const tags = tagsByName(spec);
  const families = new Set<ApiFamily>();
  const requested = new Set<string>();
  // Tags without operations (Authentication) would be empty folders.
  const folders = collection.item.flatMap((folder): (PostmanFolder & { changesData: boolean })[] => {
    if (folder.item === undefined) throw new Error(`openapi-to-postmanv2 put the request "${folder.name}" outside a folder`);
    if (folder.item.length === 0) return [];
    const entries = folder.item.map(operationOf);
    const folderFamilies = new Set(entries.map((entry) => familyOf(spec, entry, tags)));
    const [family] = folderFamilies;
    if (family === undefined || folderFamilies.size > 1)
      throw new Error(`Postman folder "${folder.name}" mixes API families: ${[...folderFamilies].join(', ')}`);
    families.add(family);
    for (const entry of entries) requested.add(operationIdOf(entry));
    const item = folder.item.map((request, index) => ({ ...request, event: [...(request.event ?? []), testEvent(spec, entries[index] as OperationEntry)] }));
    return [{ ...folder, auth: apiKeyAuth(brand, family), item, changesData: entries.some((entry) => entry.method !== 'get') }];
  });
  // A run of the whole collection reads everything before it changes anything: the folders of calls that
  // change data (the sandbox's simulations, POST) come last, so no read in the run sees a simulation's effect.
  const ordered = [...folders.filter((folder) => !folder.changesData), ...folders.filter((folder) => folder.changesData)].map(
    ({ changesData: _changesData, ...folder }) => folder,
  );
  const missing = listOperations(spec).filter((entry) => !requested.has(operationIdOf(entry)));
  if (missing.length > 0) throw new Error(`The Postman collection has no request for ${missing.map(operationIdOf).join(', ')}`);

  const used = API_FAMILIES.filter((family) => families.has(family));
  const tokenVariables = used.map((family) => tokenVariableOf(brand.name, family));
  const variables = (collection.variable ?? []).filter((v) => v.key !== 'baseUrl' && v.key !== 'host' && !tokenVariables.includes(v.key));
  const { auth: _converterAuth, ...rest } = collection;
  const [onlyFamily] = used;
  return {
    ...rest,
    info: { ...collection.info, _postman_id: stableId(`collection:${collection.info.name}`) },
    ...(used.length === 1 && onlyFamily !== undefined ? { auth: apiKeyAuth(brand, onlyFamily) } : {}),
    item: ordered,
    variable: [
      ...variables,
      { key: 'baseUrl', value: baseUrl, type: 'string', description: 'Public API base URL.' },
      ...used.map((family) => ({
        key: tokenVariableOf(brand.name, family),
        value: '',
        type: 'string',
        description: `Your ${FAMILY[family].apiName} token (create one in the portal Settings). Better: set it in the environment, where it is secret.`,
      })),
    ],
  };
}

/** `baseUrl` and one token variable per family (`families`: those the collection's requests use), the tokens secret. */
export function postmanEnvironment(name: string, brand: Brand, baseUrl: string, families: readonly ApiFamily[]): PostmanEnvironment {
  return {
    id: stableId(`environment:${name}`),
    name,
    values: [
      { key: 'baseUrl', value: baseUrl, type: 'default', enabled: true },
      ...families.map((family) => ({ key: tokenVariableOf(brand.name, family), value: '', type: 'secret' as const, enabled: true })),
    ],
    _postman_variable_scope: 'environment',
  };
}
