/**
 * /api-test: the tester, given the catalogue's operations, the user's API family and their own tokens.
 * Features do not import each other, so the tokens are fetched here and handed over.
 */
import { catalogue } from '../../../generated/catalogue';
import { familyOfUserType } from '../../../shared/api-family';
import { useCurrentUser } from '../../lib/current-user';
import { ApiTester } from '../../features/api-tester/components/api-tester';
import { useApiTokens } from '../../lib/api-tokens';

const operations = catalogue.operations;

export function Component() {
  const user = useCurrentUser();
  const tokens = useApiTokens();
  const userFamily = familyOfUserType(user.data?.userType ?? 'SELLER');
  return <ApiTester operations={operations} userFamily={userFamily} tokens={tokens.data} />;
}
