/**
 * Add or edit an endpoint: its URL, the events it hears, where its events come from (Sandbox or Live: a
 * choice only when adding, and only when the portal reaches the provider's API, as for tokens; it cannot
 * change later) and a description. Checked here as the spec checks it before anything is sent.
 */
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ApiFamily } from '../../../../shared/api-family';
import { ENVIRONMENT_LABEL, TOKEN_ENVIRONMENTS, type TokenEnvironment } from '../../../../shared/token-environment';
import type { CreateWebhookEndpointBody } from '../api/create-webhook-endpoint';
import type { WebhookEndpoint, WebhookEventType } from '../api/list-webhook-endpoints';
import { EVENTS_REQUIRED, EventTypePicker } from './event-type-picker';

export const URL_REQUIRED = 'Enter the URL that receives the events.';
export const URL_SCHEME = 'The URL starts with https:// (or http:// for a sandbox endpoint).';
export const LIVE_NEEDS_HTTPS = 'A live endpoint must use https.';
const ENVIRONMENT_HELP = 'Sandbox endpoints hear what your sandbox simulations do; live ones hear your real data. It cannot be changed later.';

interface EndpointForm {
  url: string;
  environment: TokenEnvironment;
  allEvents: boolean;
  eventTypes: WebhookEventType[];
  description: string;
}

function formOf(endpoint: WebhookEndpoint | null): EndpointForm {
  return endpoint === null
    ? { url: '', environment: 'sandbox', allEvents: true, eventTypes: [], description: '' }
    : {
        url: endpoint.url,
        environment: endpoint.environment,
        allEvents: endpoint.eventTypes.length === 0,
        eventTypes: endpoint.eventTypes,
        description: endpoint.description,
      };
}

function checkUrl(url: string, environment: TokenEnvironment): true | string {
  const text = url.trim();
  if (text === '') return URL_REQUIRED;
  if (!/^https?:\/\/[^\s/]+/i.test(text) || !URL.canParse(text)) return URL_SCHEME;
  if (environment === 'live' && !/^https:/i.test(text)) return LIVE_NEEDS_HTTPS;
  return true;
}

interface EndpointDialogProps {
  open: boolean;
  /** The endpoint being edited; null to add one. */
  endpoint: WebhookEndpoint | null;
  family: ApiFamily;
  liveTokens: boolean;
  saving: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (body: CreateWebhookEndpointBody) => void;
}

export function EndpointDialog({ open, endpoint, family, liveTokens, saving, error, onClose, onSave }: EndpointDialogProps) {
  const { register, control, handleSubmit, reset, formState } = useForm<EndpointForm>({ defaultValues: formOf(endpoint) });
  const allEvents = useWatch({ control, name: 'allEvents' });
  const adding = endpoint === null;
  useEffect(() => {
    if (open) reset(formOf(endpoint));
  }, [open, endpoint, reset]);
  const submit = (values: EndpointForm) =>
    onSave({
      url: values.url.trim(),
      eventTypes: values.allEvents ? [] : values.eventTypes,
      environment: adding && liveTokens ? values.environment : (endpoint?.environment ?? 'sandbox'),
      description: values.description.trim(),
    });
  return (
    <Dialog open={open} onClose={() => (saving ? undefined : onClose())} aria-labelledby="endpoint-dialog-title" maxWidth="sm" fullWidth>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="endpoint-dialog-title">{adding ? 'Add endpoint' : 'Edit endpoint'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <TextField
              label="URL"
              required
              autoFocus
              type="url"
              placeholder="https://example.com/webhooks"
              error={Boolean(formState.errors.url)}
              helperText={formState.errors.url?.message ?? 'Where the events are POSTed, signed with the endpoint’s secret.'}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
              {...register('url', { validate: (value, values) => checkUrl(value, adding ? values.environment : (endpoint?.environment ?? 'sandbox')) })}
            />
            {adding && liveTokens ? (
              <FormControl component="fieldset">
                <FormLabel component="legend">Environment</FormLabel>
                <Controller
                  control={control}
                  name="environment"
                  render={({ field }) => (
                    <RadioGroup row name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value as TokenEnvironment)}>
                      {TOKEN_ENVIRONMENTS.map((environment) => (
                        <FormControlLabel key={environment} value={environment} control={<Radio />} label={ENVIRONMENT_LABEL[environment]} />
                      ))}
                    </RadioGroup>
                  )}
                />
                <FormHelperText>{ENVIRONMENT_HELP}</FormHelperText>
              </FormControl>
            ) : null}
            <Controller
              control={control}
              name="eventTypes"
              rules={{ validate: (value, values) => values.allEvents || value.length > 0 || EVENTS_REQUIRED }}
              render={({ field, fieldState }) => (
                <Controller
                  control={control}
                  name="allEvents"
                  render={({ field: allField }) => (
                    <EventTypePicker
                      family={family}
                      all={allEvents}
                      chosen={field.value}
                      error={fieldState.error?.message}
                      onAllChange={allField.onChange}
                      onChosenChange={field.onChange}
                    />
                  )}
                />
              )}
            />
            <TextField
              label="Description"
              multiline
              minRows={2}
              error={Boolean(formState.errors.description)}
              helperText={formState.errors.description?.message ?? 'Optional: what the endpoint is for.'}
              {...register('description', { maxLength: { value: 200, message: 'At most 200 characters.' } })}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {adding ? 'Add endpoint' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
