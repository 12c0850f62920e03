/**
 * Plain words under a refused call, for the statuses an integrator meets first: 401 (which token was
 * wrong, unauthorized-help.tsx), 403 (the token lacks the domain, or the call came from outside its IP
 * allowlist) and 429 (the token's rate limit, with the
 * wait counted down, too-many-help.tsx). API Test's response panel and "Try it" on the reference pages both show these.
 */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { refusedAddress } from '../../../../shared/ip-allowlist';
import type { TesterResponse } from '../api/call-public-api';
import { TooManyHelp } from './too-many-help';
import { UnauthorizedHelp } from './unauthorized-help';

function NoAccessHelp({ domain }: { domain: string }) {
  return (
    <Alert severity="info" variant="outlined" role="note">
      This token is valid, but its access does not include {domain}: a token reads only the domains chosen when it was created. Pick a token with access to{' '}
      {domain}, or create one in{' '}
      <Link component={RouterLink} to="/settings">
        Settings
      </Link>
      . A call refused this way does not count against the token&apos;s rate limit.
    </Alert>
  );
}

function OutsideAllowlistHelp({ address }: { address: string }) {
  return (
    <Alert severity="info" variant="outlined" role="note">
      This token is valid, but its IP allowlist does not include {address}, the address this call came from. Add the address to the token&apos;s list in{' '}
      <Link component={RouterLink} to="/settings">
        Settings
      </Link>
      , or call from an address on it. A call refused this way does not count against the token&apos;s rate limit.
    </Alert>
  );
}

export function StatusHelp({ response }: { response: TesterResponse }) {
  if (response.status === 401) return <UnauthorizedHelp response={response} />;
  if (response.status === 403) {
    const address = refusedAddress((response.body as { message?: unknown } | null)?.message);
    return address === undefined ? <NoAccessHelp domain={response.operation.domain} /> : <OutsideAllowlistHelp address={address} />;
  }
  // Keyed by arrival, so a new 429 starts its own countdown.
  if (response.status === 429) return <TooManyHelp key={response.receivedAt} response={response} />;
  return null;
}
