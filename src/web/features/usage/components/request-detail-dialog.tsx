/**
 * One call in full: everything logged about it, the plain-words explanation of its status, and "Open in
 * API Test", which fills the tester with the call's operation, id, page and size and picks its token
 * (named by id, never by value).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { EnvironmentChip } from '../../../components/environment-chip';
import { formatDateTime } from '../../../lib/format-date';
import type { TokenEnvironment } from '../../../../shared/token-environment';
import { useRequestLogEntry } from '../api/usage-queries';
import { explainStatus, formatBytes, formatMs } from '../lib/status-explanation';
import { testerHrefForCall } from '../lib/tester-link';
import { tokenLabel, type RequestLogEntry } from './request-log-table';
import { StatusChip } from './status-chip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

export function RequestDetailDialog({
  entry,
  environment,
  onClose,
}: {
  entry: RequestLogEntry | undefined;
  /** The token's environment, when the usage token list knows it. */
  environment: TokenEnvironment | undefined;
  onClose: () => void;
}) {
  const detail = useRequestLogEntry(entry?.id);
  const call = detail.data ?? entry;
  const explanation = call ? explainStatus(call.status) : undefined;
  return (
    <Dialog open={entry !== undefined} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="request-detail-title">
      <DialogTitle id="request-detail-title">Call details</DialogTitle>
      {call ? (
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}>
            <Field label="Time">{formatDateTime(call.time)}</Field>
            <Field label="Token">{tokenLabel(call)}</Field>
            {environment === undefined ? null : (
              <Field label="Environment">
                <EnvironmentChip environment={environment} />
              </Field>
            )}
            <Field label="Operation">
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {call.operationId}
              </Box>
            </Field>
            <Field label="Request">
              <Box component="span" sx={{ fontFamily: 'monospace' }}>{`${call.method} ${call.path}`}</Box>
            </Field>
            <Field label="Status">
              <StatusChip status={call.status} />
            </Field>
            <Field label="Duration">{formatMs(call.durationMs)}</Field>
            <Field label="Response size">{formatBytes(call.responseBytes)}</Field>
            <Field label="User agent">{call.userAgent ?? '–'}</Field>
            <Field label="Client address">{call.clientAddress ?? '–'}</Field>
          </Box>
          {explanation ? (
            <Alert severity={call.status >= 500 ? 'error' : 'info'} variant="outlined" role="note">
              {explanation}
            </Alert>
          ) : null}
        </DialogContent>
      ) : null}
      <DialogActions>
        {call ? (
          <Button component={RouterLink} to={testerHrefForCall(call)} startIcon={<ScienceOutlinedIcon />} variant="contained">
            Open in API Test
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
