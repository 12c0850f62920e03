/**
 * The tester in a reference page's "Try it" panel: one operation's parameter fields and the token, Send
 * (and Ctrl/⌘+Enter), and the answer under them: status, time, size, the plain-words help of a refused
 * call and the JSON. The same fields, checks, request and help as the API Test screen (one module each);
 * only the layout is smaller. The token stays in memory, as on API Test.
 */
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/PlayArrow';
import type { ApiFamily } from '../../../../shared/api-family';
import { chosenToken, rememberChosenToken } from '../../../lib/chosen-token';
import { reveal } from '../../../lib/reveal';
import { useCallPublicApi, type TesterResponse } from '../api/call-public-api';
import type { TesterOperation } from '../lib/operations';
import { initialText, type ParameterValues } from '../lib/parameter-values';
import { readRateLimit } from '../lib/rate-limit';
import { formatBytes, formatDuration } from '../lib/response-info';
import { isSendShortcut } from '../lib/send-shortcut';
import { onlyUsableToken, tokensUnavailableReason } from '../lib/token-fit';
import { validateRequest, type ValidationFailure } from '../lib/validate-request';
import { JsonView } from './json-view';
import { ParameterFields } from './parameter-fields';
import { RateLimitChip } from './rate-limit-gauge';
import { StatusHelp } from './status-help';
import { TokenField, type OwnToken } from './token-field';

interface TryItTesterProps {
  operation: TesterOperation;
  /** The values the reference's API Test address names (its example id). */
  initialValues: ParameterValues;
  /** The logged-in user's API (their tokens reach only it). */
  userFamily: ApiFamily;
  /** The user's own tokens; undefined while loading. */
  tokens: OwnToken[] | undefined;
  /** Under the form and the answer: the user's recent calls to this operation. */
  children?: ReactNode;
}

const SEND_SHORTCUT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘+Enter' : 'Ctrl+Enter';

/** The first field a reader can type in or open (a select's hidden input and a disabled select are not). */
const FIELD = 'input:not([aria-hidden="true"]):not([disabled]), [role="combobox"]:not([aria-disabled="true"])';

function Answer({ response, error, running, label }: { response: TesterResponse | undefined; error: Error | null; running: boolean; label: string }) {
  const rateLimit = response ? readRateLimit(new Headers(response.headers)) : null;
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle2" component="h4" sx={{ mr: 'auto', fontWeight: 700 }}>
          Response
        </Typography>
        {response ? (
          <Stack direction="row" aria-label="Response summary" role="group" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Chip size="small" color={response.ok ? 'success' : 'error'} label={`Status ${response.status}`} />
            <Chip size="small" variant="outlined" label={`Time ${formatDuration(response.durationMs)}`} />
            <Chip size="small" variant="outlined" label={`Size ${formatBytes(response.sizeBytes)}`} />
            {rateLimit ? <RateLimitChip state={rateLimit} receivedAt={response.receivedAt} /> : null}
          </Stack>
        ) : null}
      </Box>
      {error ? (
        <Alert severity="error" variant="filled">
          {error.message}
        </Alert>
      ) : null}
      {response ? <StatusHelp response={response} /> : null}
      <Box
        role="region"
        aria-label={label}
        aria-busy={running}
        tabIndex={0}
        sx={{
          maxHeight: 480,
          overflow: 'auto',
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          opacity: running ? 0.6 : 1,
          transition: 'opacity 120ms',
        }}
      >
        {response ? (
          response.isJson ? (
            <JsonView value={response.body} />
          ) : (
            <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {response.text || '(empty body)'}
            </Box>
          )
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            {running ? 'Calling the API…' : 'No response'}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

export function TryItTester({ operation, initialValues, userFamily, tokens, children }: TryItTesterProps) {
  const [texts, setTexts] = useState(() => Object.fromEntries(operation.parameters.map((p) => [p.name, initialText(p, initialValues[p.name])])));
  // The token chosen with "Use my token" on the page fills in here too; one picked here goes on to API Test.
  const [token, setTokenState] = useState(() => chosenToken() ?? '');
  const setToken = (value: string) => {
    setTokenState(value);
    rememberChosenToken(value === '' ? null : value);
  };
  const [failure, setFailure] = useState<ValidationFailure | null>(null);
  const [sent, setSent] = useState(false);
  const call = useCallPublicApi();
  const formRef = useRef<HTMLFormElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const fieldRefs = useRef(new Map<string, HTMLInputElement | null>());
  const fieldRef =
    (name: string): Ref<HTMLInputElement> =>
    (element) =>
      void fieldRefs.current.set(name, element);

  const tokensFit = operation.family === userFamily;
  // With exactly one usable token of this API, it is filled in once the list arrives (as on API Test).
  const [preselectDone, setPreselectDone] = useState(false);
  if (!preselectDone && tokens !== undefined) {
    setPreselectDone(true);
    const only = tokensFit ? onlyUsableToken(tokens, new Date()) : undefined;
    if (token === '' && only) setTokenState(only.token);
  }

  // Opened: the reader's focus goes to the panel's first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>(FIELD)?.focus();
  }, []);
  // An answer (or a failure) comes into view, below the form on a phone, beside the samples on a wide screen.
  const { isPending, submittedAt } = call;
  useEffect(() => {
    if (!isPending && submittedAt > 0) reveal(answerRef.current);
  }, [isPending, submittedAt]);

  const send = () => {
    const problem = validateRequest({ operation, token, values: texts });
    setFailure(problem);
    if (problem) {
      (problem.field === 'token' ? tokenRef.current : fieldRefs.current.get(problem.field))?.focus();
      return;
    }
    setSent(true);
    call.mutate({ operation, values: texts, token });
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box
        component="form"
        ref={formRef}
        noValidate
        onKeyDownCapture={(event: React.KeyboardEvent) => {
          // Captured before a focused select sees Enter (and opens its menu instead).
          if (!isSendShortcut(event.nativeEvent)) return;
          event.preventDefault();
          event.stopPropagation();
          send();
        }}
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          send();
        }}
        sx={{ display: 'grid', gap: 2, minWidth: 0 }}
      >
        <ParameterFields
          operation={operation}
          texts={texts}
          onText={(name, text) => {
            if (failure?.field === name) setFailure(null);
            setTexts((current) => ({ ...current, [name]: text }));
          }}
          onCommit={() => undefined}
          failure={failure}
          inputRef={fieldRef}
        />
        <TokenField
          ref={tokenRef}
          value={token}
          onChange={(value) => {
            setToken(value);
            if (failure?.field === 'token') setFailure(null);
          }}
          tokens={tokensFit ? tokens : []}
          family={userFamily}
          domain={operation.domain}
          unavailableReason={tokensUnavailableReason(userFamily, operation.family)}
          error={failure?.field === 'token' ? failure.message : null}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} loading={call.isPending} loadingPosition="start">
            Send
          </Button>
          {/* Hidden on a touch screen, like every keyboard hint (the theme's `keyboard-hint`). */}
          <Typography variant="body2" color="text.secondary" className="keyboard-hint">
            or {SEND_SHORTCUT}
          </Typography>
        </Box>
      </Box>
      {sent ? (
        <Box ref={answerRef} sx={{ scrollMarginBlock: '96px' }}>
          <Answer response={call.data} error={call.error} running={call.isPending} label={`Response of ${operation.summary}`} />
        </Box>
      ) : null}
      {children}
    </Stack>
  );
}
