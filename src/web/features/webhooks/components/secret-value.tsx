/**
 * A signing secret: masked until shown, a show/hide button whose name says which, and copy. As with a
 * token's value, it leaves this component only for the clipboard.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { CopyButton } from '../../../components/copy-button';
import { TOKEN_MASK } from '../../../lib/token-display';
import { monospace } from '../../../theme/theme';

export function SecretValue({ value, initiallyShown = false }: { value: string; initiallyShown?: boolean }) {
  const [shown, setShown] = useState(initiallyShown);
  const toggleLabel = shown ? 'Hide secret' : 'Show secret';
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
        aria-label={shown ? 'Signing secret' : 'Signing secret, hidden'}
        // The mask stays on one line, clipped on a phone; the secret itself wraps.
        sx={{
          flex: 1,
          minWidth: 0,
          fontFamily: monospace,
          fontSize: '0.8125rem',
          overflowWrap: 'anywhere',
          letterSpacing: shown ? 0 : '0.1em',
          ...(shown ? {} : { whiteSpace: 'nowrap', overflow: 'hidden' }),
        }}
      >
        {shown ? value : TOKEN_MASK}
      </Box>
      <IconButton size="small" aria-label={toggleLabel} aria-pressed={shown} title={toggleLabel} onClick={() => setShown((now) => !now)}>
        {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </IconButton>
      <CopyButton label="Copy secret" text={() => value} />
    </Box>
  );
}
