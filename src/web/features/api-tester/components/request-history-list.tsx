/**
 * The last requests sent from this browser (method, path, the token's title when it was one of the user's
 * own, status, time ago), collapsible, beside the form.
 * Choosing one restores its choices (and its token, when it was one of the user's own); Clear history.
 */
import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { monospace } from '../../../theme/theme';
import { timeAgo, type HistoryEntry } from '../lib/request-history';

interface RequestHistoryListProps {
  entries: readonly HistoryEntry[];
  onRestore: (entry: HistoryEntry) => void;
  onClear: () => void;
}

function statusColour(status: number | null): string {
  if (status === null) return 'text.secondary';
  return status >= 200 && status < 400 ? 'success.main' : 'error.main';
}

export function RequestHistoryList({ entries, onRestore, onClear }: RequestHistoryListProps) {
  const [expanded, setExpanded] = useState(false);
  const now = Date.now();
  return (
    <Accordion variant="outlined" disableGutters expanded={expanded} onChange={(_, open) => setExpanded(open)} sx={{ '&::before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="request-history-content" id="request-history-heading">
        <Typography variant="h2" component="h2" sx={{ fontSize: '1rem' }}>
          History{entries.length > 0 ? ` (${entries.length})` : ''}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="request-history-content" sx={{ pt: 0 }}>
        {entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Requests you send appear here, newest first (the last 50, in this browser only). Tokens are never stored.
          </Typography>
        ) : (
          <>
            <List dense disablePadding aria-label="Recent requests" sx={{ maxHeight: 360, overflow: 'auto', mx: -1 }}>
              {entries.map((entry) => (
                <ListItem key={`${entry.at}-${entry.path}`} disablePadding>
                  <ListItemButton onClick={() => onRestore(entry)} sx={{ gap: 1, alignItems: 'baseline', borderRadius: 1 }}>
                    <Box component="span" sx={{ fontFamily: monospace, fontSize: '0.75rem', fontWeight: 700, color: 'text.secondary' }}>
                      {entry.method}
                    </Box>
                    <Box component="span" sx={{ flex: '1 1 auto', minWidth: 0 }}>
                      <Box component="span" sx={{ display: 'block', fontFamily: monospace, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
                        {entry.path}
                      </Box>
                      {entry.token ? (
                        <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary', overflowWrap: 'anywhere' }}>
                          Token: {entry.token.title}
                        </Box>
                      ) : null}
                    </Box>
                    <Box component="span" sx={{ fontSize: '0.75rem', fontWeight: 700, color: statusColour(entry.status) }}>
                      {entry.status ?? 'failed'}
                    </Box>
                    <Box component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {timeAgo(entry.at, now)}
                    </Box>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <Button size="small" color="inherit" onClick={onClear} sx={{ mt: 1 }}>
              Clear history
            </Button>
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
