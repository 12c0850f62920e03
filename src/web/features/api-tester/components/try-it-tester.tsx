/**
 * The tester in a reference page's "Try it" panel: one operation's parameter fields and the token, Send
 * (and Ctrl/⌘+Enter), and the answer under them: status, time, size, the plain-words help of a refused
 * call and the JSON. The same fields, checks, request and help as the API Test screen (one module each);
 * only the layout is smaller. The token stays in memory, as on API Test.
 */
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/PlayArrow';
import type { ApiFamily } from '../../../../shared/api-family';
import { chosenToken, rememberChosenToken } from '../../../lib/chosen-token';
import { reveal } from '../../../lib/reveal';
import { useFocusThroughLoading } from '../../../lib/use-focus-through-loading';
import { useCallPublicApi } from '../api/call-public-api';
import type { TesterOperation } from '../lib/operations';
import { initialText, type ParameterValues } from '../lib/parameter-values';
import { isSendShortcut } from '../lib/send-shortcut';
import { onlyUsableToken, tokensUnavailableReason } from '../lib/token-fit';
import { validateRequest, type ValidationFailure } from '../lib/validate-request';
import { ParameterFields } from './parameter-fields';
import { TokenField, type OwnToken } from './token-field';
import { TryItAnswer } from './try-it-answer';

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
  const sendButton = useFocusThroughLoading(call.isPending);
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
          <Button ref={sendButton} type="submit" variant="contained" startIcon={<SendIcon />} loading={call.isPending} loadingPosition="start">
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
          <TryItAnswer response={call.data} error={call.error} running={call.isPending} label={`Response of ${operation.summary}`} />
        </Box>
      ) : null}
      {children}
    </Stack>
  );
}
