/** /settings: the token management screen of the tokens feature. */
import { brand } from '../../../generated/brand';
import { familyOfUserType } from '../../../shared/api-family';
import { useCurrentUser } from '../../lib/current-user';
import { userTypeLabel } from '../../features/auth/lib/user-type-label';
import { TokenSettings } from '../../features/tokens/components/token-settings';

export function Component() {
  const user = useCurrentUser();
  return (
    <>
      <title>{`Settings · ${brand.name} Developer Portal`}</title>
      <TokenSettings userTypeLabel={user.data ? userTypeLabel(user.data.userType) : 'Seller'} family={familyOfUserType(user.data?.userType ?? 'SELLER')} />
    </>
  );
}
