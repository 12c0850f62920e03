/**
 * A secret value (an API token, a webhook signing secret): a fixed run of dots until shown, a show/hide
 * icon button whose name says which, and a copy button that copies the real value. The value leaves this
 * component only for the clipboard.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { TOKEN_MASK } from '../lib/token-display';
import { monospace } from '../theme/theme';
import { CopyButton } from './copy-button';

interface MaskedValueProps {
  value: string;
  /** What the buttons name: `token` gives "Show token" and "Copy token". */
  noun: string;
  /** The value's accessible name: `Token value` (", hidden" is added while masked). */
  label: string;
  initiallyShown?: boolean;
}

export function MaskedValue({ value, noun, label, initiallyShown = false }: MaskedValueProps) {
  const [shown, setShown] = useState(initiallyShown);
  const toggleLabel = shown ? `Hide ${noun}` : `Show ${noun}`;
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
        aria-label={shown ? label : `${label}, hidden`}
        // The mask stays on one line, clipped on a phone; the value itself wraps.
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
      <Tooltip title={toggleLabel}>
        <IconButton size="small" aria-label={toggleLabel} aria-pressed={shown} onClick={() => setShown((now) => !now)}>
          {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <CopyButton label={`Copy ${noun}`} text={() => value} />
    </Box>
  );
}
