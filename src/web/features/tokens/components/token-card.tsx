/** One API token: title, description, dates, the masked value, and Refresh / Delete. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { formatDateTime } from '../../../lib/format-date';
import type { ApiToken } from '../../../lib/api-tokens';
import { ExpiryBadge } from './expiry-badge';
import { TokenValue } from './token-value';

interface TokenCardProps {
  token: ApiToken;
  /** Unique per card, for the card's accessible name. */
  id: string;
  onRefresh: () => void;
  onDelete: () => void;
  refreshing: boolean;
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: '0.05em' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

export function TokenCard({ token, id, onRefresh, onDelete, refreshing }: TokenCardProps) {
  const headingId = `${id}-title`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={headingId} variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {token.title}
            </Typography>
            <ExpiryBadge expiryDate={token.expiryDate} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {token.description}
          </Typography>
        </Box>
        <TokenValue value={token.token} />
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 1.5 }}>
          <Detail label="Created" value={formatDateTime(token.createdDate)} />
          <Detail label="Expires" value={formatDateTime(token.expiryDate)} />
          <Detail label="Last used" value={token.lastUsedDate ? formatDateTime(token.lastUsedDate) : 'Never'} />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={onRefresh} loading={refreshing} loadingPosition="start">
          Refresh
        </Button>
        <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlinedIcon />} onClick={onDelete}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
