/** /settings: the token management screen of the tokens feature. */
import { brand } from '../../../generated/brand';
import { familyOfUserType } from '../../../shared/api-family';
import { screens, screenTitle } from '../../../shared/portal-data/screens';
import { useCurrentUser } from '../../lib/current-user';
import { userTypeLabel } from '../../features/auth/lib/user-type-label';
import { TokenSettings } from '../../features/tokens/components/token-settings';

export function Component() {
  const user = useCurrentUser();
  return (
    <>
      <title>{screenTitle(screens.settings.title, brand.name)}</title>
      <TokenSettings userTypeLabel={user.data ? userTypeLabel(user.data.userType) : 'Seller'} family={familyOfUserType(user.data?.userType ?? 'SELLER')} />
    </>
  );
}
