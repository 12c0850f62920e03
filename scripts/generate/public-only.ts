/** Guards the public bundle: nothing marked internal, no portal path, tag or security scheme left in it. */
import type { OpenApiDocument } from '../../src/shared/openapi/openapi-document.ts';

export function assertPublicOnly(spec: OpenApiDocument): void {
  const text = JSON.stringify(spec);
  if (text.includes('"x-internal"')) throw new Error('public bundle: something marked x-internal was not removed');
  const portalPaths = Object.keys(spec.paths).filter((path) => path.startsWith('/auth/'));
  if (portalPaths.length > 0) throw new Error(`public bundle: portal paths left: ${portalPaths.join(', ')}`);
  if (text.includes('sessionCookie')) throw new Error('public bundle: the portal session scheme was not removed');
}
