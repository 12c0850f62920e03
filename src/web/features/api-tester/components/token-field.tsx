/**
 * The API token: pick one of the user's own tokens of the right type (title, masked value, expiry, access;
 * expired ones shown but not selectable; revoked ones not offered at all), or paste any value. When the
 * chosen token's IP allowlist leaves this browser out, it says the call will get 403. The value is kept
 * in memory only.
 */
import { forwardRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { operations } from '../../../../generated/api';
import type { ApiFamily } from '../../../../shared/api-family';
import { formatDateTime } from '../../../lib/format-date';
import { TokenChooser } from '../../../components/token-chooser';
import { accessSummary } from '../../../lib/token-access';
import { offeredTokens, outsideAddressNote } from '../../../lib/token-choices';
import { TOKEN_MASK } from '../../../lib/token-display';
import { useAddressOutside } from '../../../lib/client-address';

export type OwnToken = operations['listApiTokens']['responses'][200]['content']['application/json']['data'][number];

interface TokenFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The user's tokens when they fit the chosen API; undefined while loading. */
  tokens: OwnToken[] | undefined;
  /** The API the user's tokens reach (for "All Seller API domains"). */
  family: ApiFamily;
  /** The chosen domain ('' before one is chosen): tokens without access to it say so. */
  domain: string;
  /** Why the user's tokens are not offered (other user type), if they are not. */
  unavailableReason: string | null;
  error: string | null;
}

export const TokenField = forwardRef<HTMLInputElement, TokenFieldProps>(function TokenField(
  { value, onChange, tokens: ownTokens, family, domain, unavailableReason, error },
  ref,
) {
  const [shown, setShown] = useState(false);
  const tokens = ownTokens && offeredTokens(ownTokens);
  const pickedToken = tokens?.find((token) => token.token === value);
  const outside = useAddressOutside(pickedToken?.ipAllowlist);

  let pickerHelp: ReactNode = 'Fills in the token below.';
  if (unavailableReason) pickerHelp = unavailableReason;
  else if (pickedToken) pickerHelp = `Access: ${accessSummary(pickedToken, family)} · Expires ${formatDateTime(pickedToken.expiryDate)}`;
  else if (tokens && tokens.length === 0) {
    pickerHelp = (
      <>
        You have no tokens yet:{' '}
        <Link component={RouterLink} to="/settings">
          create one in Settings
        </Link>
        , or paste a token below.
      </>
    );
  }

  return (
    <Stack spacing={2}>
      <TokenChooser
        label="Your tokens"
        tokens={tokens ?? []}
        value={value}
        onChange={(token) => onChange(token?.token ?? '')}
        domain={domain}
        disabled={Boolean(unavailableReason) || !tokens || tokens.length === 0}
        helperText={pickerHelp}
        details={(token, marks) => (
          <Box component="span" sx={{ display: 'flex', columnGap: 1, flexWrap: 'wrap' }}>
            <Box component="span" sx={{ letterSpacing: '0.1em' }}>
              {TOKEN_MASK.slice(0, 12)}
            </Box>
            <span>{marks.expired ? 'Expired' : `Expires ${formatDateTime(token.expiryDate)}`}</span>
            {marks.badge ? <span>({marks.badge})</span> : null}
            <Box component="span" sx={{ flexBasis: '100%' }}>
              Access: {accessSummary(token, family)}
              {marks.lacksDomain ? ` (no access to ${domain})` : ''}
            </Box>
            {marks.outsideAddress ? (
              <Box component="span" sx={{ flexBasis: '100%', color: 'warning.main' }}>
                {outsideAddressNote(marks.outsideAddress)}
              </Box>
            ) : null}
          </Box>
        )}
      />
      <TextField
        label="API token"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        inputRef={ref}
        error={Boolean(error)}
        helperText={error ?? 'Choose one of your tokens above or paste a token.'}
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={shown ? 'Hide API token' : 'Show API token'} onClick={() => setShown((isShown) => !isShown)}>
                  {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {outside ? (
        <Alert severity="warning" role="status">
          This token's IP allowlist does not include this browser's address ({outside}): the call will get 403.
        </Alert>
      ) : null}
    </Stack>
  );
});
