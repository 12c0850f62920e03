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
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { familyOfUserType } from '../../../../shared/api-family';
import { formatDateTime } from '../../../lib/format-date';
import { TokenChooser } from '../../../components/token-chooser';
import { accessSummary, noAccessMessage } from '../../../lib/token-access';
import { choiceTitle, offeredTokens, outsideAddressNote, tokenMarks, type TokenMarks } from '../../../lib/token-choices';
import { useApiTokens, type ApiToken } from '../../../lib/api-tokens';
import { useCurrentUser } from '../../../lib/current-user';
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
  const usable = tokens.data && offeredTokens(tokens.data);
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

  const domain = catalogueOperations.byId.get(operationId)?.domain;
  const environment = `$${tokenVariable} (environment variable)`;
  const details = (t: ApiToken, marks: TokenMarks) =>
    `${marks.expired ? 'expired' : `expires ${formatDateTime(t.expiryDate)}`} · access: ${accessSummary(t, familyOfUserType(user.data.userType))}${marks.lacksDomain ? ` · no access to ${domain}` : ''}${marks.outsideAddress ? ` · ${outsideAddressNote(marks.outsideAddress).toLowerCase()}` : ''}`;
  return (
    <span className="picker">
      {/* The theme's select, like every other choice in the portal; the menu, as wide as the field, wraps long details. */}
      <TokenChooser
        label="Token"
        className="picker-select"
        tokens={usable}
        value={token?.value ?? ''}
        onChange={(picked) => setToken(picked ? { title: picked.title, value: picked.token } : null)}
        domain={domain}
        noToken={environment}
        dense
        details={details}
        itemLabel={(t, marks) => `${choiceTitle(t)} · ${details(t, marks)}`}
      />
      {token ? (
        <IconButton size="small" aria-label={reveal ? 'Hide token' : 'Show token'} aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
          {reveal ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
        </IconButton>
      ) : null}
      {chosen && domain !== undefined && tokenMarks(chosen, domain, new Date()).lacksDomain ? (
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
