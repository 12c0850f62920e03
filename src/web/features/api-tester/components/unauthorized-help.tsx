/**
 * What a 401 means for the token that was sent, told from its visible prefix (`acme_s_`, `acme_w_` or
 * neither), since the API's body is always just "forbidden".
 */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { brand } from '../../../../generated/brand';
import { FAMILY, tokenPrefixOf, type ApiFamily } from '../../../../shared/api-family';
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
  const prefix = (family: ApiFamily) => tokenPrefixOf(brand.tokenPrefix, family);
  const which = unauthorizedCase(response.tokenFamily, called);
  let text: React.ReactNode;
  if (which === 'other-family' && response.tokenFamily) {
    text = (
      <>
        This is a {response.tokenFamily} token (it starts with <code>{prefix(response.tokenFamily)}</code>): it reaches only the{' '}
        {FAMILY[response.tokenFamily].apiName}, not the {FAMILY[called].apiName}. Switch the API above, or use a {called} token (<code>{prefix(called)}</code>
        …).
      </>
    );
  } else if (which === 'not-a-token') {
    text = (
      <>
        This value is not an API token: tokens start with <code>{prefix('seller')}</code> ({FAMILY.seller.apiName}) or <code>{prefix('warehouse')}</code> (
        {FAMILY.warehouse.apiName}). Choose one of your tokens, or copy one from <SettingsLink />.
      </>
    );
  } else {
    text = (
      <>
        This {called} token is not one the API knows: it may be mistyped, expired, deleted, or replaced by a refresh (once its grace window ended). Check your
        tokens in <SettingsLink />.
      </>
    );
  }
  return (
    <Alert severity="info" variant="outlined" role="note" data-case={which}>
      {text}
    </Alert>
  );
}
