/**
 * /login: outside the shell. After a successful login go to the remembered destination, or / by default.
 * Someone already logged in goes there at once. A logged-out visit makes no request: the profile is asked
 * for only when the browser holds a session.
 */
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../features/auth/lib/redirect-target';
import { FullPageLoader } from '../../components/full-page-loader';
import { useCurrentUser } from '../../lib/current-user';
import { hasSessionHint } from '../../lib/session-hint';

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const target = safeRedirectTarget(params.get(REDIRECT_PARAM));
  // The server's redirect cannot see a URL's #fragment, but the browser keeps it on /login: give it back.
  const destination = hash.length > 1 && !target.includes('#') ? `${target}${hash}` : target;
  const signedIn = hasSessionHint();
  const user = useCurrentUser({ enabled: signedIn });
  if (signedIn && user.isSuccess) return <Navigate to={destination} replace />;
  if (signedIn && user.isPending) return <FullPageLoader label="Checking your session" />;
  return <LoginPage destination={destination} onSuccess={() => void navigate(destination, { replace: true })} />;
}
