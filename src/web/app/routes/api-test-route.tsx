/**
 * /api-test: the tester, given the catalogue's operations, the user's API family and their own tokens.
 * Features do not import each other, so the tokens are fetched here and handed over. A link of the older
 * form is rewritten once to the tester's own (./older-tester-link.ts).
 */
import { Navigate, useSearchParams } from 'react-router';
import { familyOfUserType } from '../../../shared/api-family';
import { useCurrentUser } from '../../lib/current-user';
import { ApiTester } from '../../features/api-tester/components/api-tester';
import { useApiTokens } from '../../lib/api-tokens';
import { readOperations as operations } from '../../lib/operation-map';
import { isOlderTesterLink, namesFamily, newerTesterParams } from './older-tester-link';

export function Component() {
  const user = useCurrentUser();
  const tokens = useApiTokens();
  const [searchParams] = useSearchParams();
  const userFamily = familyOfUserType(user.data?.userType ?? 'SELLER');
  if (isOlderTesterLink(searchParams, operations)) {
    // A link without its API meant the user's own: rewritten once the user is known.
    if (!namesFamily(searchParams) && !user.data) return null;
    return <Navigate replace to={{ search: newerTesterParams(searchParams, operations, userFamily).toString() }} />;
  }
  return <ApiTester operations={operations} userFamily={userFamily} tokens={tokens.data} />;
}
