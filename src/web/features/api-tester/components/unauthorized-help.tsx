/**
 * What a 401 means for the token that was sent, told from its visible prefix (`acme_s_`, `acme_w_` or
 * neither), since the API's body is always just "forbidden".
 */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { brand } from '../../../../generated/brand';
import { API_NAMES } from '../../../lib/api-domains';
import type { TesterResponse } from '../api/call-public-api';
import { unauthorizedCase } from '../lib/response-info';

function SettingsLink() {
  return (
    <Link component={RouterLink} to="/settings">
      Settings
    </Link>
  );
}

export function UnauthorizedHelp({ response }: { response: Pick<TesterResponse, 'operation' | 'tokenFamily'> }) {
  const called = response.operation.family;
  const prefix = (family: 'seller' | 'warehouse') => `${brand.tokenPrefix}_${family === 'seller' ? 's' : 'w'}_`;
  const which = unauthorizedCase(response.tokenFamily, called);
  let text: React.ReactNode;
  if (which === 'other-family' && response.tokenFamily) {
    text = (
      <>
        This is a {response.tokenFamily} token (it starts with <code>{prefix(response.tokenFamily)}</code>): it reaches only the{' '}
        {API_NAMES[response.tokenFamily]}, not the {API_NAMES[called]}. Switch the API above, or use a {called} token (
        <code>{prefix(called)}</code>…).
      </>
    );
  } else if (which === 'not-a-token') {
    text = (
      <>
        This value is not an API token: tokens start with <code>{prefix('seller')}</code> (Seller API) or <code>{prefix('warehouse')}</code>{' '}
        (Warehouse API). Choose one of your tokens, or copy one from <SettingsLink />.
      </>
    );
  } else {
    text = (
      <>
        This {called} token is not one the API knows: it may be mistyped, expired, deleted, or replaced by a refresh (once its grace window
        ended). Check your tokens in <SettingsLink />.
      </>
    );
  }
  return (
    <Alert severity="info" variant="outlined" role="note" data-case={which}>
      {text}
    </Alert>
  );
}
