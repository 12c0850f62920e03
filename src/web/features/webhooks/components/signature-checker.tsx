/**
 * Signature checker: paste a delivery's body, its three headers and the endpoint's secret, and it says
 * "Valid signature" or exactly why not. Everything happens in this browser (lib/verify-signature.ts):
 * nothing typed here is sent anywhere. "Check signature" on a delivery fills in its payload and id, and
 * offers to fill in the endpoint's secret from the account.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToast } from '../../../components/toasts';
import { monospace } from '../../../theme/theme';
import { getWebhookEndpointSecret } from '../api/get-webhook-endpoint-secret';
import { verifySignature, type SignatureInput, type SignatureVerdict } from '../lib/verify-signature';

export const CHECKER_HEADING_ID = 'signature-checker-heading';

export interface CheckerPrefill {
  payload: string;
  id: string;
  endpointId: number;
}

const EMPTY: SignatureInput = { payload: '', id: '', timestamp: '', signature: '', secret: '' };

const mono = { htmlInput: { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off', style: { fontFamily: monospace } } } as const;

export function SignatureChecker({ prefill }: { prefill: CheckerPrefill | null }) {
  const { enqueueSnackbar } = useToast();
  const [input, setInput] = useState<SignatureInput>(() => (prefill ? { ...EMPTY, payload: prefill.payload, id: prefill.id } : EMPTY));
  const [verdict, setVerdict] = useState<SignatureVerdict | null>(null);
  const [filling, setFilling] = useState(false);
  const set = (name: keyof SignatureInput) => (event: { target: { value: string } }) => {
    setInput((now) => ({ ...now, [name]: event.target.value }));
    setVerdict(null);
  };
  const fillSecret = async () => {
    if (!prefill) return;
    setFilling(true);
    try {
      const { secret } = await getWebhookEndpointSecret(prefill.endpointId);
      setInput((now) => ({ ...now, secret }));
      setVerdict(null);
    } catch (error) {
      enqueueSnackbar(`The secret could not be filled in (${(error as Error).message}).`, { variant: 'error' });
    } finally {
      setFilling(false);
    }
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={CHECKER_HEADING_ID}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      <Box>
        <Typography id={CHECKER_HEADING_ID} variant="h2" component="h2" tabIndex={-1} sx={{ outline: 'none' }}>
          Signature checker
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Check a delivery your server received the way a Standard Webhooks library does. It runs in this browser: nothing you paste here is sent anywhere.
        </Typography>
      </Box>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verifySignature(input).then(setVerdict);
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField
            label="Payload (the body exactly as received)"
            multiline
            minRows={4}
            maxRows={12}
            value={input.payload}
            onChange={set('payload')}
            slotProps={mono}
            sx={{ gridColumn: '1 / -1' }}
          />
          <TextField label="webhook-id" value={input.id} onChange={set('id')} slotProps={mono} />
          <TextField label="webhook-timestamp" value={input.timestamp} onChange={set('timestamp')} slotProps={mono} helperText="Seconds since 1970, as sent." />
          <TextField label="webhook-signature" value={input.signature} onChange={set('signature')} slotProps={mono} helperText="One or more v1,… signatures." />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <TextField
              label="Secret"
              type="password"
              value={input.secret}
              onChange={set('secret')}
              slotProps={mono}
              helperText="whsec_…, as shown on the endpoint."
            />
            {prefill ? (
              <Button size="small" sx={{ alignSelf: 'flex-start' }} loading={filling} onClick={() => void fillSecret()}>
                Fill in the endpoint’s secret
              </Button>
            ) : null}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
          <Button type="submit" variant="contained">
            Check signature
          </Button>
          <Box role="status" aria-live="polite" sx={{ flex: '1 1 280px', minWidth: 0 }}>
            {verdict === null ? null : verdict.valid ? <Alert severity="success">Valid signature</Alert> : <Alert severity="error">{verdict.message}</Alert>}
          </Box>
        </Box>
      </form>
    </Paper>
  );
}
