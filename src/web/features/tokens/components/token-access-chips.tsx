/** A token's access as chips: one per domain, or one saying it reaches every domain of its API. */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { FAMILY, type ApiFamily } from '../../../../shared/api-family';
import { domainLabel } from '../../../lib/api-domains';
import type { ApiToken } from '../../../lib/api-tokens';

export function TokenAccessChips({ scopes, family }: { scopes: ApiToken['scopes']; family: ApiFamily }) {
  return (
    <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
      {scopes === null ? (
        <li>
          <Chip size="small" color="primary" variant="outlined" label={`All ${FAMILY[family].apiName} domains`} />
        </li>
      ) : (
        scopes.map((scope) => (
          <li key={scope}>
            <Chip size="small" variant="outlined" label={domainLabel(scope)} />
          </li>
        ))
      )}
    </Stack>
  );
}
