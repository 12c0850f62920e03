/**
 * /settings: the tokens feature's token management and sandbox reset, the simulate feature's panel that
 * moves the sandbox's data (and fires its webhook events), then the sessions feature's signed-in sessions.
 * Signing this browser's session out leaves for /login the way Logout does (the shell's useLeaveSession).
 */
import { familyOfUserType } from '../../../shared/api-family';
import { useCurrentUser } from '../../lib/current-user';
import { userTypeLabel } from '../../features/auth/lib/user-type-label';
import { SessionsSection } from '../../features/sessions/components/sessions-section';
import { SimulatePanel } from '../../features/simulate/components/simulate-panel';
import { SandboxSection } from '../../features/tokens/components/sandbox-section';
import { TokenSettings } from '../../features/tokens/components/token-settings';
import { useLeaveSession } from '../shell/use-leave-session';

/** The Simulate panel's way to a new token: the focus (and the view) on Create New Token up the page. */
function toTokens(): void {
  const create = [...document.querySelectorAll<HTMLButtonElement>('main button')].find((button) => button.textContent === 'Create New Token');
  create?.scrollIntoView({ block: 'center' });
  create?.focus();
}

export function Component() {
  const user = useCurrentUser();
  const { leave } = useLeaveSession();
  const family = familyOfUserType(user.data?.userType ?? 'SELLER');
  return (
    <>
      <TokenSettings userTypeLabel={user.data ? userTypeLabel(user.data.userType) : 'Seller'} family={family} />
      <SandboxSection />
      <SimulatePanel family={family} onCreateToken={toTokens} />
      <SessionsSection onSignOutThisBrowser={(end) => leave('Sign out this session', end)} />
    </>
  );
}
