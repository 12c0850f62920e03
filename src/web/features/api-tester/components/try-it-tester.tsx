/**
 * The tester in a reference page's "Try it" panel: one operation's parameter fields and the token, Send
 * (and Ctrl/⌘+Enter), and the answer under them: status, time, size, the plain-words help of a refused
 * call and the JSON. The same fields, checks, request and help as the API Test screen (one module each);
 * only the layout is smaller. The token stays in memory, as on API Test.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/PlayArrow';
import type { ApiFamily } from '../../../../shared/api-family';
import { reveal } from '../../../lib/reveal';
import { useFocusThroughLoading } from '../../../lib/use-focus-through-loading';
import type { TesterOperation } from '../lib/operations';
import { initialText, type ParameterValues } from '../lib/parameter-values';
import { isSendShortcut } from '../lib/send-shortcut';
import { useTesterCall } from '../lib/use-tester-call';
import { ParameterFields } from './parameter-fields';
import { TokenField, type OwnToken } from './token-field';
import { TryItAnswer } from './try-it-answer';

interface TryItTesterProps {
  operation: TesterOperation;
  /** The values the fields start with (the reference's example id), by parameter name. */
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
  const {
    failure,
    clearFailureOf,
    call,
    send: sendCall,
    fieldRef,
    tokenField,
  } = useTesterCall({ tokens, userFamily, family: operation.family, shareToken: true });
  const [sent, setSent] = useState(false);
  const sendButton = useFocusThroughLoading(call.isPending);
  const formRef = useRef<HTMLFormElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);

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
    if (sendCall(operation, texts)) setSent(true);
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
            clearFailureOf(name);
            setTexts((current) => ({ ...current, [name]: text }));
          }}
          onCommit={() => undefined}
          failure={failure}
          inputRef={fieldRef}
        />
        <TokenField {...tokenField} domain={operation.domain} />
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
