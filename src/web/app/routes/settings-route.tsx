/**
 * /settings: the tokens feature's token management and sandbox reset, then the sessions feature's
 * signed-in sessions.
 * Signing this browser's session out leaves for /login the way Logout does (the shell's useLeaveSession).
 */
import { familyOfUserType } from '../../../shared/api-family';
import { useCurrentUser } from '../../lib/current-user';
import { userTypeLabel } from '../../features/auth/lib/user-type-label';
import { SessionsSection } from '../../features/sessions/components/sessions-section';
import { SandboxSection } from '../../features/tokens/components/sandbox-section';
import { TokenSettings } from '../../features/tokens/components/token-settings';
import { useLeaveSession } from '../shell/use-leave-session';

export function Component() {
  const user = useCurrentUser();
  const { leave } = useLeaveSession();
  return (
    <>
      <TokenSettings userTypeLabel={user.data ? userTypeLabel(user.data.userType) : 'Seller'} family={familyOfUserType(user.data?.userType ?? 'SELLER')} />
      <SandboxSection />
      <SessionsSection onSignOutThisBrowser={(end) => leave('Sign out this session', end)} />
    </>
  );
}
