/**
 * Lets a logged-in user fill one of their own tokens into the code samples. Only tokens of the
 * page's API are offered: a seller's tokens reach only the Seller API. Each shows its access and expiry,
 * and one whose access lacks the operation's domain says so (it can still be chosen: the call answers 403),
 * as does one whose IP allowlist leaves this browser out. Revoked tokens are not offered.
 * The list loads only when asked, and a chosen token stays masked until revealed. Loaded lazily: pages do
 * not pay for it until used. A logged-out reader of the public reference is offered to log in instead
 * (nothing is asked of the server that could only answer 401).
 */
import { Link, useLocation } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { familyOfUserType } from '../../../../shared/api-family';
import { formatDateTime } from '../../../lib/format-date';
import { accessSummary, hasAccess, noAccessMessage } from '../../../lib/token-access';
import { expiryState } from '../../../../shared/portal-data/token-expiry';
import { useApiTokens } from '../../../lib/api-tokens';
import { useCurrentUser } from '../../../lib/current-user';
import { useFieldWideMenu } from '../../../lib/use-field-wide-menu';
import { catalogueOperations } from '../../../lib/operation-map';
import { useAddressOutside } from '../../../lib/client-address';
import { useSampleSettings } from '../lib/sample-settings';
import { loginPathFor } from '../../../../shared/portal-data/login-redirect';

interface TokenPickerProps {
  /** The page's API: `seller` or `warehouse`. */
  family: string;
  /** The operation whose samples the token fills: its domain is what the token must have access to. */
  operationId: string;
  tokenVariable: string;
}

export default function TokenPicker({ family, operationId, tokenVariable }: TokenPickerProps) {
  const { token, setToken, reveal, setReveal } = useSampleSettings();
  const user = useCurrentUser();
  const tokens = useApiTokens({ enabled: user.isSuccess });
  const location = useLocation();
  const menu = useFieldWideMenu();
  // A revoked token answers 401 to everything: not one to fill into samples.
  const usable = tokens.data?.filter((t) => t.revocation === null);
  const chosen = token ? usable?.find((t) => t.token === token.value) : undefined;
  const outside = useAddressOutside(chosen?.ipAllowlist);
  if (user.isError) {
    return (
      <span className="picker-note">
        <Link to={loginPathFor(location.pathname + location.search + location.hash)}>Log in to use your tokens</Link> in these samples.
      </span>
    );
  }
  if (user.isPending || tokens.isPending) return <span className="picker-note">Loading your tokens…</span>;
  if (tokens.isError) return <span className="picker-note">Your tokens could not be loaded.</span>;

  const userFamily = user.data.userType.toLowerCase();
  if (userFamily !== family) {
    return (
      <span className="picker-note">
        Your tokens are {userFamily} tokens; the {family} API needs a token of a {family} account.
      </span>
    );
  }
  if (!usable || usable.length === 0) {
    return (
      <span className="picker-note">
        No tokens yet: <Link to="/settings">create one in Settings</Link>.
      </span>
    );
  }

  const now = new Date();
  const domain = catalogueOperations.byId.get(operationId)?.domain;
  const lacks = (t: (typeof usable)[number]) => domain !== undefined && !hasAccess(t, domain);
  const selectedIndex = token ? usable.findIndex((t) => t.token === token.value) : -1;
  const selected = usable[selectedIndex];
  const environment = `$${tokenVariable} (environment variable)`;
  const details = (t: (typeof usable)[number], expired: boolean) =>
    `${expired ? 'expired' : `expires ${formatDateTime(t.expiryDate)}`} · access: ${accessSummary(t, familyOfUserType(user.data.userType))}${lacks(t) ? ` · no access to ${domain}` : ''}`;
  return (
    <span className="picker">
      {/* The theme's select, like every other choice in the portal; the menu, as wide as the field, wraps long details. */}
      <TextField
        select
        label="Token"
        className="picker-select"
        ref={menu.fieldRef}
        value={selectedIndex >= 0 ? String(selectedIndex) : ''}
        onChange={(event) => {
          const picked = event.target.value === '' ? undefined : usable[Number(event.target.value)];
          setToken(picked ? { title: picked.title, value: picked.token } : null);
        }}
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            displayEmpty: true,
            renderValue: (value) => (value === '' ? environment : (usable[Number(value)]?.title ?? '')),
            onOpen: menu.onOpen,
            MenuProps: { slotProps: { paper: { sx: menu.paperSx } } },
          },
        }}
      >
        <MenuItem value="">{environment}</MenuItem>
        {usable.map((t, index) => {
          const expired = expiryState(t.expiryDate, now).kind === 'expired';
          return (
            <MenuItem key={`${t.title}-${t.createdDate}`} value={String(index)} disabled={expired} aria-label={`${t.title} · ${details(t, expired)}`}>
              <ListItemText primary={t.title} secondary={details(t, expired)} sx={{ my: 0, whiteSpace: 'normal' }} />
            </MenuItem>
          );
        })}
      </TextField>
      {token ? (
        <IconButton size="small" aria-label={reveal ? 'Hide token' : 'Show token'} aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
          {reveal ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
        </IconButton>
      ) : null}
      {selected && domain !== undefined && lacks(selected) ? (
        <span className="picker-note picker-wide">{noAccessMessage(domain)} Calls answer 403.</span>
      ) : null}
      {outside ? (
        <span className="picker-note picker-wide" role="status">
          This token's IP allowlist does not include this browser's address ({outside}): the call will get 403.
        </span>
      ) : null}
    </span>
  );
}
