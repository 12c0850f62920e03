/** Step 4: api.d.ts from the portal spec with openapi-typescript (the app's client and the server import it). */
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';

export async function generateTypes(portalSpec: OpenApiDocument): Promise<string> {
  // The document is already bundled and linted; openapi-typescript only has to transform it.
  const ast = await openapiTS(portalSpec as unknown as Parameters<typeof openapiTS>[0], { silent: true });
  return astToString(ast);
}
