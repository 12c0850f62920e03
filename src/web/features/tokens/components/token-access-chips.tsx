/** A token's access as chips: one per domain, or one saying it reaches every domain of its API. */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { API_NAMES, domainLabel, type ApiFamily } from '../../../lib/api-domains';
import type { ApiToken } from '../../../lib/api-tokens';

export function TokenAccessChips({ scopes, family }: { scopes: ApiToken['scopes']; family: ApiFamily }) {
  return (
    <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
      {scopes === null ? (
        <li>
          <Chip size="small" color="primary" variant="outlined" label={`All ${API_NAMES[family]} domains`} />
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
