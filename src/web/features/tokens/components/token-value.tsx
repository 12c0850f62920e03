/**
 * The token itself: a fixed run of dots until revealed, a show/hide icon button whose name says which,
 * and a copy button that copies the real value. The value never leaves this component except to the clipboard.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { CopyButton } from '../../../components/copy-button';
import { TOKEN_MASK } from '../../../lib/token-display';
import { monospace } from '../../../theme/theme';

export function TokenValue({ value }: { value: string }) {
  const [revealed, setRevealed] = useState(false);
  const toggleLabel = revealed ? 'Hide token' : 'Show token';
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 1.5,
        pr: 0.5,
        py: 0.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      <Box
        component="code"
        aria-label={revealed ? 'Token value' : 'Token value, hidden'}
        sx={{ flex: 1, minWidth: 0, fontFamily: monospace, fontSize: '0.8125rem', overflowWrap: 'anywhere', letterSpacing: revealed ? 0 : '0.1em' }}
      >
        {revealed ? value : TOKEN_MASK}
      </Box>
      <Tooltip title={toggleLabel}>
        <IconButton size="small" aria-label={toggleLabel} aria-pressed={revealed} onClick={() => setRevealed((shown) => !shown)}>
          {revealed ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <CopyButton label="Copy token" text={() => value} />
    </Box>
  );
}
