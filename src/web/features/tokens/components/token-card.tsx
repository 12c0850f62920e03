/**
 * One API token: title with its environment (Sandbox / Live), description, the masked value, its access, dates (with the expiring/expired badge),
 * last use and IP allowlist (with a warning when this browser is outside it); while a grace window runs,
 * when the previous value stops and "End now"; Refresh / Delete. A token revoked because it was found in
 * public says where and when, and offers only Delete: its value no longer works for anything.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ApiFamily } from '../../../../shared/api-family';
import { formatDateTime } from '../../../lib/format-date';
import { DateTimeText } from '../../../components/date-time-text';
import { EnvironmentChip } from '../../../components/environment-chip';
import type { ApiToken } from '../../../lib/api-tokens';
import { useAddressOutside } from '../../../lib/client-address';
import { monospace } from '../../../theme/theme';
import { allowlistSummary } from '../lib/allowlist-text';
import { graceLabel } from '../../../lib/token-display';
import { ExpiryBadge } from './expiry-badge';
import { TokenAccessChips } from './token-access-chips';
import { TokenUsageStrip } from './token-usage-strip';
import { TokenValue } from './token-value';

interface TokenCardProps {
  token: ApiToken;
  /** Unique per card, for the card's accessible name. */
  id: string;
  family: ApiFamily;
  /** The time the card's countdowns are told against (re-read by the screen every so often). */
  now: Date;
  onRefresh: () => void;
  onDelete: () => void;
  /** Opens the question before the grace window ends. */
  onEndGrace: () => void;
  onEditAllowlist: () => void;
}

function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: '0.05em' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The list, compact, with Edit beside it while the token works. */
function Allowlist({ token, onEdit }: { token: ApiToken; onEdit?: () => void }) {
  const summary = allowlistSummary(token.ipAllowlist);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
      <Box
        component="span"
        title={token.ipAllowlist.length > 0 ? token.ipAllowlist.join('\n') : undefined}
        sx={{
          fontFamily: token.ipAllowlist.length > 0 ? monospace : undefined,
          fontSize: token.ipAllowlist.length > 0 ? 13 : undefined,
          overflowWrap: 'anywhere',
        }}
      >
        {summary}
      </Box>
      {onEdit ? (
        <Button size="small" startIcon={<EditOutlinedIcon fontSize="small" />} onClick={onEdit} sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
          Edit IP allowlist
        </Button>
      ) : null}
    </Box>
  );
}

function RevokedNote({ revocation }: { revocation: NonNullable<ApiToken['revocation']> }) {
  return (
    <Alert severity="error" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
      Found in public at {revocation.foundAt} on {formatDateTime(revocation.revokedDate)}. It no longer works; create a new token.
    </Alert>
  );
}

export function TokenCard({ token, id, family, now, onRefresh, onDelete, onEndGrace, onEditAllowlist }: TokenCardProps) {
  const headingId = `${id}-title`;
  const revoked = token.revocation !== null;
  const grace = revoked ? null : graceLabel(token.previousValueExpiresAt, now);
  const outside = useAddressOutside(revoked ? undefined : token.ipAllowlist);
  return (
    // Focusable by script only: Settings moves focus here after the card before it is deleted.
    <Card component="article" id={id} tabIndex={-1} aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={headingId} variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {token.title}
            </Typography>
            <EnvironmentChip environment={token.environment} />
            {revoked ? <Chip size="small" label="Revoked" color="error" /> : <ExpiryBadge expiryDate={token.expiryDate} now={now} />}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {token.description}
          </Typography>
        </Box>
        {token.revocation ? <RevokedNote revocation={token.revocation} /> : <TokenValue value={token.token} />}
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 1.5 }}>
          <Detail label="Access" wide>
            <Box sx={{ mt: 0.5 }}>
              <TokenAccessChips scopes={token.scopes} family={family} />
            </Box>
          </Detail>
          <Detail label="Created">
            <DateTimeText iso={token.createdDate} />
          </Detail>
          <Detail label="Expires">
            <DateTimeText iso={token.expiryDate} />
          </Detail>
          <Detail label="Last used">{token.lastUsedDate ? <DateTimeText iso={token.lastUsedDate} /> : 'Never'}</Detail>
          <Detail label="IP allowlist" wide>
            <Allowlist token={token} onEdit={revoked ? undefined : onEditAllowlist} />
          </Detail>
        </Box>
        {outside ? (
          <Alert severity="warning" role="status">
            This browser's address ({outside}) is outside this list: calls from here get 403.
          </Alert>
        ) : null}
        <TokenUsageStrip tokenId={token.id} title={token.title} lastUsedDate={token.lastUsedDate} />
        {grace && token.previousValueExpiresAt ? (
          <Alert
            severity="info"
            variant="outlined"
            role="status"
            action={
              <Button color="inherit" size="small" onClick={onEndGrace} sx={{ whiteSpace: 'nowrap' }}>
                End now
              </Button>
            }
          >
            <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {grace}
            </Box>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              Both values work until {formatDateTime(token.previousValueExpiresAt)}.
            </Typography>
          </Alert>
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        {revoked ? null : (
          <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={onRefresh}>
            Refresh
          </Button>
        )}
        <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlinedIcon />} onClick={onDelete}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
