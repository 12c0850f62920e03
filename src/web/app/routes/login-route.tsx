/** /login: outside the shell. After a successful login go to the remembered destination, or / by default. */
import { useNavigate, useSearchParams } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../features/auth/lib/redirect-target';
import { brand } from '../../../generated/brand';

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <>
      <title>{`Log in · ${brand.name} Developer Portal`}</title>
      <LoginPage onSuccess={() => void navigate(safeRedirectTarget(params.get(REDIRECT_PARAM)), { replace: true })} />
    </>
  );
}
