/**
 * The response: status, time, size and a copy button above the formatted JSON (at most 800 px high,
 * scrolling); 'No response yet' before any call; a red alert with the response's message, or the
 * error's own message; a plain-words explanation for a 401 and a 403; Previous/Next for list responses.
 */
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { RESPONSE_PANEL_MAX_HEIGHT_PX } from '../../../../shared/limits';
import { CopyButton } from '../../../components/copy-button';
import { messageOf } from '../../../lib/api-error';
import type { TesterResponse } from '../api/call-public-api';
import { formatBytes, formatDuration, listEnvelope } from '../lib/response-info';
import { JsonView } from './json-view';
import { UnauthorizedHelp } from './unauthorized-help';

export const NO_RESPONSE = 'No response yet';

interface ResponsePanelProps {
  response: TesterResponse | undefined;
  /** A failure without a response (network error, timeout, abort). */
  error: Error | null;
  running: boolean;
  /** Set when list rows can be opened in detail view. */
  onOpenId?: (id: string) => void;
  onPage: (page: number) => void;
}

function ErrorAlert({ response, error }: { response: TesterResponse | undefined; error: Error | null }) {
  if (error) {
    return (
      <Alert severity="error" variant="filled">
        {error.message}
      </Alert>
    );
  }
  if (!response || response.ok) return null;
  const message = messageOf(response.body) ?? `${response.status} ${response.statusText}`.trim();
  return (
    <Alert severity="error" variant="filled">
      {response.status === 401 ? <AlertTitle>401 Unauthorized</AlertTitle> : null}
      {response.status === 403 ? <AlertTitle>403 Forbidden</AlertTitle> : null}
      {message}
    </Alert>
  );
}

function NoAccessHelp({ domain }: { domain: string }) {
  return (
    <Alert severity="info" variant="outlined" role="note">
      This token is valid, but its access does not include {domain}: a token reads only the domains chosen when it was created. Pick a
      token with access to {domain}, or create one in{' '}
      <Link component={RouterLink} to="/settings">
        Settings
      </Link>
      . A call refused this way does not count against the token&apos;s rate limit.
    </Alert>
  );
}

export function ResponsePanel({ response, error, running, onOpenId, onPage }: ResponsePanelProps) {
  const envelope = response?.ok ? listEnvelope(response.body) : null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="response-heading" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="response-heading" variant="h2" component="h2" sx={{ mr: 'auto' }}>
          Response
        </Typography>
        {response ? (
          <Stack direction="row" spacing={1} aria-label="Response summary" role="group" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" color={response.ok ? 'success' : 'error'} label={`Status ${response.status}`} />
            <Chip size="small" variant="outlined" label={`Time ${formatDuration(response.durationMs)}`} />
            <Chip size="small" variant="outlined" label={`Size ${formatBytes(response.sizeBytes)}`} />
            <CopyButton label="Copy response" text={() => (response.isJson ? JSON.stringify(response.body, null, 2) : response.text)} />
          </Stack>
        ) : null}
      </Box>
      <ErrorAlert response={response} error={error} />
      {response?.status === 401 ? <UnauthorizedHelp response={response} /> : null}
      {response?.status === 403 ? <NoAccessHelp domain={response.operation.domain} /> : null}
      <Box
        role="region"
        aria-label="Response body"
        aria-busy={running}
        tabIndex={0}
        sx={{
          maxHeight: RESPONSE_PANEL_MAX_HEIGHT_PX,
          minHeight: 160,
          overflow: 'auto',
          p: 2,
          borderRadius: 1,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          opacity: running ? 0.6 : 1,
          transition: 'opacity 120ms',
        }}
      >
        {response ? (
          <JsonView value={response.body} onOpenId={envelope ? onOpenId : undefined} rowId={response.operation.rowId} />
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 5 }}>
            {running ? 'Calling the API…' : NO_RESPONSE}
          </Typography>
        )}
      </Box>
      {envelope ? (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" startIcon={<ChevronLeftIcon />} disabled={running || envelope.page <= 0} onClick={() => onPage(envelope.page - 1)}>
            Previous
          </Button>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            Page {envelope.page + 1} of {envelope.lastPage + 1}
          </Typography>
          <Button size="small" variant="outlined" endIcon={<ChevronRightIcon />} disabled={running || envelope.page >= envelope.lastPage} onClick={() => onPage(envelope.page + 1)}>
            Next
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}
