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
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { operations } from '../../../../generated/api';
import type { ApiFamily } from '../../../../shared/api-family';
import { formatDateTime } from '../../../lib/format-date';
import { accessSummary, hasAccess } from '../../../lib/token-access';
import { expiryLabel, expiryState } from '../../../../shared/portal-data/token-expiry';
import { TOKEN_MASK } from '../../../lib/token-display';
import { useFieldWideMenu } from '../../../lib/use-field-wide-menu';
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
  const menu = useFieldWideMenu();
  // A revoked token answers 401 to everything: nothing to try it with.
  const tokens = ownTokens?.filter((token) => token.revocation === null);
  const pickedToken = tokens?.find((token) => token.token === value);
  const outside = useAddressOutside(pickedToken?.ipAllowlist);
  const picked = pickedToken?.token ?? '';
  const now = new Date();

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
      <TextField
        select
        label="Your tokens"
        ref={menu.fieldRef}
        value={picked}
        onChange={(event) => onChange(event.target.value)}
        disabled={Boolean(unavailableReason) || !tokens || tokens.length === 0}
        helperText={pickerHelp}
        slotProps={{
          select: {
            displayEmpty: false,
            renderValue: (selected) => tokens?.find((token) => token.token === selected)?.title ?? '',
            onOpen: menu.onOpen,
            MenuProps: { slotProps: { paper: { sx: menu.paperSx } } },
          },
        }}
      >
        {(tokens ?? []).map((token) => {
          const state = expiryState(token.expiryDate, now);
          const badge = expiryLabel(state);
          return (
            <MenuItem key={token.token} value={token.token} disabled={state.kind === 'expired'} sx={{ whiteSpace: 'normal' }}>
              <ListItemText
                primary={token.title}
                secondary={
                  <Box component="span" sx={{ display: 'flex', columnGap: 1, flexWrap: 'wrap' }}>
                    <Box component="span" sx={{ letterSpacing: '0.1em' }}>
                      {TOKEN_MASK.slice(0, 12)}
                    </Box>
                    <span>{state.kind === 'expired' ? 'Expired' : `Expires ${formatDateTime(token.expiryDate)}`}</span>
                    {badge && state.kind !== 'expired' ? <span>({badge})</span> : null}
                    <Box component="span" sx={{ flexBasis: '100%' }}>
                      Access: {accessSummary(token, family)}
                      {domain && !hasAccess(token, domain) ? ` (no access to ${domain})` : ''}
                    </Box>
                  </Box>
                }
              />
            </MenuItem>
          );
        })}
      </TextField>
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
