/**
 * API Test links of the older form (`?api=seller&domain=orders&mode=detail&orderType=return&id=12`) named a
 * call by its choices. The tester reads only its own form (operationId and values); the route rewrites an
 * older link once, to the same call in that form, so bookmarks keep working.
 */
import { isApiFamily, type ApiFamily } from '../../../shared/api-family';
import { findOperation, type TesterOperations } from '../../features/api-tester/lib/operations';
import { valuesFromUrl } from '../../features/api-tester/lib/parameter-values';
import { testerStateToParams } from '../../features/api-tester/lib/tester-state';

/** Whether a URL is of the older form: it names no known operation, and an API or a domain the old way. */
export function isOlderTesterLink(params: URLSearchParams, operations: TesterOperations): boolean {
  return !operations.byId.has(params.get('operation') ?? '') && (params.has('api') || params.has('domain'));
}

/** Whether an older link names its API (else it meant the user's own, which may not be known yet). */
export function namesFamily(params: URLSearchParams): boolean {
  return isApiFamily(params.get('family') ?? params.get('api'));
}

/** The tester's own form of an older link: its call (or its API alone), its values, and the token it names by id. */
export function newerTesterParams(params: URLSearchParams, operations: TesterOperations, userFamily: ApiFamily): URLSearchParams {
  const asked = params.get('family') ?? params.get('api');
  const family = isApiFamily(asked) ? asked : userFamily;
  const domain = params.get('domain');
  const operation = domain
    ? findOperation(operations.list, {
        family,
        domain,
        mode: params.get('mode') === 'detail' ? 'detail' : 'list',
        orderType: params.get('orderType') === 'return' ? 'return' : 'normal',
      })
    : undefined;
  const values = operation ? valuesFromUrl(operation, params) : {};
  const newer = testerStateToParams({ family, operationId: operation?.operationId ?? null, values }, operations);
  const token = params.get('token');
  if (token !== null) newer.set('token', token);
  return newer;
}
