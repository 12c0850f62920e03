/** A block of text as it was (a payload, an answer's body): monospace, wrapped, scrolling inside itself when long. */
import Box from '@mui/material/Box';
import { monospace } from '../../../theme/theme';

export function CodeBlock({ text, label, maxHeight = 320 }: { text: string; label: string; maxHeight?: number }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 1.5,
        maxHeight,
        overflow: 'auto',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        fontFamily: monospace,
        fontSize: '0.8125rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Box>
  );
}
