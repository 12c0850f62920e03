/**
 * The tester's form: the call (call-choices.tsx), its parameters (parameter-fields.tsx), the token, the
 * request as it will be sent, and Test API with Copy as cURL. Ctrl+Enter (⌘+Enter) sends from anywhere
 * in it. The state and what the buttons do are the tester's (api-tester.tsx); this only draws them.
 */
import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { brand } from '../../../../generated/brand';
import { CopyButton } from '../../../components/copy-button';
import { useFocusThroughLoading } from '../../../lib/use-focus-through-loading';
import { monospace } from '../../../theme/theme';
import { isSendShortcut } from '../lib/send-shortcut';

interface RequestFormProps {
  /** The call's choices and fields, then the token. */
  children: ReactNode;
  /** `GET /api/v1/…` as it will be sent, once a call is chosen. */
  relativeUrl: string | null;
  /** The same request as curl, with the token as a shell variable. */
  curl: () => string;
  running: boolean;
  onSend: () => void;
  formRef?: Ref<HTMLFormElement>;
}

export function RequestForm({ children, relativeUrl, curl, running, onSend, formRef }: RequestFormProps) {
  const testButton = useFocusThroughLoading(running);
  return (
    <Paper
      variant="outlined"
      component="form"
      ref={formRef}
      aria-labelledby="request-heading"
      noValidate
      onKeyDownCapture={(event: React.KeyboardEvent) => {
        // Captured before a focused select sees Enter (and opens its menu instead).
        if (!isSendShortcut(event.nativeEvent)) return;
        event.preventDefault();
        event.stopPropagation();
        onSend();
      }}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        onSend();
      }}
      sx={{ p: 2 }}
    >
      <Typography id="request-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
        Request
      </Typography>
      <Stack spacing={2.5}>
        {children}
        {relativeUrl ? (
          <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600, mb: 0.5 }}>
              Request
            </Typography>
            <Box component="code" sx={{ fontFamily: monospace, fontSize: '0.8125rem', overflowWrap: 'anywhere', display: 'block' }}>
              GET {relativeUrl}
              <br />
              {brand.apiTokenHeader}: ${brand.tokenVariable}
            </Box>
          </Box>
        ) : null}
        {/* Sticky at the bottom of the screen while the form runs past it: Test API is always in reach. */}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', position: 'sticky', bottom: 0, zIndex: 1, bgcolor: 'background.paper', py: 1.5, mb: -1.5 }}>
          <Button
            ref={testButton}
            type="submit"
            variant="contained"
            size="large"
            startIcon={<PlayArrowIcon />}
            loading={running}
            loadingPosition="start"
            sx={{ flex: '1 1 auto' }}
          >
            Test API
          </Button>
          <CopyButton variant="text" size="large" label="Copy as cURL" text={curl} disabled={!relativeUrl} />
        </Box>
      </Stack>
    </Paper>
  );
}
