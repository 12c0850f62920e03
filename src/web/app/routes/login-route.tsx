/**
 * /login: outside the shell. After a successful login go to the remembered destination, or / by default.
 * Someone already logged in goes there at once. A logged-out visit makes no request: the profile is asked
 * for only when the browser holds a session.
 */
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../features/auth/lib/redirect-target';
import { FullPageLoader } from '../../components/full-page-loader';
import { useCurrentUser } from '../../lib/current-user';
import { hasSessionHint } from '../../lib/session-hint';
import { brand } from '../../../generated/brand';

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get(REDIRECT_PARAM));
  const signedIn = hasSessionHint();
  const user = useCurrentUser({ enabled: signedIn });
  if (signedIn && user.isSuccess) return <Navigate to={target} replace />;
  if (signedIn && user.isPending) return <FullPageLoader label="Checking your session" />;
  return (
    <>
      <title>{`Log in · ${brand.name} Developer Portal`}</title>
      <LoginPage onSuccess={() => void navigate(target, { replace: true })} />
    </>
  );
}
