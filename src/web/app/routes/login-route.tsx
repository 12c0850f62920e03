/** /login: outside the shell. After a successful login go to the remembered destination, or / by default. */
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../features/auth/lib/redirect-target';
import { brand } from '../../../generated/brand';

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const target = safeRedirectTarget(params.get(REDIRECT_PARAM));
  // The server's redirect cannot see a URL's #fragment, but the browser keeps it on /login: give it back.
  const destination = hash.length > 1 && !target.includes('#') ? `${target}${hash}` : target;
  return (
    <>
      <title>{`Log in · ${brand.name} Developer Portal`}</title>
      <LoginPage onSuccess={() => void navigate(destination, { replace: true })} />
    </>
  );
}
