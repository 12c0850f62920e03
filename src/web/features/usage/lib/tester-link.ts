/**
 * "Open in API Test" for a logged call: the tester's own address for the call's operation (which fixes
 * its API, domain and mode), with the detail id or the page and size it was made with, and the token it
 * was made with by its id (unless deleted since), which the tester picks from the user's tokens. Never a
 * token value.
 */
import { testerHref } from '../../../../shared/portal-data/links';

const DIGITS = /^\d{1,10}$/;

export function testerHrefForCall(call: { operationId: string; path: string; tokenId: number; tokenDeleted: boolean }): string {
  const url = new URL(call.path, 'http://portal.invalid');
  const query = url.searchParams;
  const page = query.get('page');
  const size = query.get('size');
  const lastSegment = url.pathname.split('/').pop() ?? '';
  const isDetail = call.operationId.startsWith('get');
  return testerHref({
    operation: call.operationId,
    ...(isDetail && DIGITS.test(lastSegment) ? { id: lastSegment } : {}),
    ...(!isDetail && page !== null && DIGITS.test(page) ? { page: Number(page) } : {}),
    ...(!isDetail && size !== null && DIGITS.test(size) ? { size: Number(size) } : {}),
    ...(call.tokenDeleted ? {} : { token: call.tokenId }),
  });
}
