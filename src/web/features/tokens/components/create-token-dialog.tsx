/**
 * The Create New Token modal: Title and Description (both required, with their length counted as typed; an
 * empty or too long one shows its error inline and nothing is sent), where its calls go (Sandbox or Live: a choice only when the portal reaches the provider's
 * API, otherwise every token is a sandbox token), how long the token lives, and what it may read: every domain of the user's API or the
 * ones ticked (at least one), and optionally the addresses it may be used from (checked by the server's own
 * rules before anything is sent). Cancel and Escape close it; focus returns to the opener.
 */
import { Controller, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { brand } from '../../../../generated/brand';
import { catalogue } from '../../../../generated/catalogue';
import { domainsOfFamily, FAMILY, type ApiFamily } from '../../../../shared/api-family';
import { ENVIRONMENT_LABEL, TOKEN_ENVIRONMENTS, type TokenEnvironment } from '../../../../shared/token-environment';
import { domainLabel } from '../../../lib/api-domains';
import { formatDate } from '../../../lib/format-date';
import type { TokenScope } from '../../../lib/token-access';
import type { CreateApiTokenBody } from '../api/create-api-token';
import { ALLOWLIST_HELP, checkAllowlistText } from '../lib/allowlist-text';
import { DESCRIPTION_MAX, TITLE_MAX, tooLongMessage } from '../lib/text-limits';
import { CountedTextField } from './counted-text-field';
import { MessageLines } from './field-help';
import { DEFAULT_LIFETIME, LIFETIME_OPTIONS, type Lifetime } from '../lib/token-options';

export const TITLE_REQUIRED = 'Title is required.';
export const DESCRIPTION_REQUIRED = 'Description is required.';
export const SCOPE_REQUIRED = 'Choose at least one domain.';
export const ENVIRONMENT_HELP = `Sandbox answers from your own test data; Live reaches the ${brand.name} API and its real data. It cannot be changed later.`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The checked list (the form validated it before submitting). */
function allowlistOf(text: string): string[] {
  const check = checkAllowlistText(text);
  return check.ok ? check.entries : [];
}

interface CreateTokenForm {
  title: string;
  description: string;
  environment: TokenEnvironment;
  expiresInDays: Lifetime;
  access: 'all' | 'chosen';
  scopes: string[];
  /** As typed: one address or range per line, or comma separated. */
  ipAllowlist: string;
}

const EMPTY_FORM: CreateTokenForm = {
  title: '',
  description: '',
  environment: 'sandbox',
  expiresInDays: DEFAULT_LIFETIME,
  access: 'all',
  scopes: [],
  ipAllowlist: '',
};

interface CreateTokenDialogProps {
  open: boolean;
  creating: boolean;
  /** The user's API: its domains are the ones a token may be given. */
  family: ApiFamily;
  /** Live tokens can be made (the settings' liveTokens): only then is the environment a choice. */
  liveTokens: boolean;
  /** The server's message when the last attempt failed. */
  error: string | null;
  onClose: () => void;
  onCreate: (body: CreateApiTokenBody) => void;
}

export function CreateTokenDialog({ open, creating, family, liveTokens, error, onClose, onCreate }: CreateTokenDialogProps) {
  const { register, control, handleSubmit, reset, clearErrors, formState } = useForm<CreateTokenForm>({ defaultValues: EMPTY_FORM });
  const domains = domainsOfFamily(catalogue.operations, family);
  const access = useWatch({ control, name: 'access' });
  const lifetime = useWatch({ control, name: 'expiresInDays' });
  const close = () => {
    if (!creating) onClose();
  };
  const submit = (values: CreateTokenForm) =>
    onCreate({
      title: values.title.trim(),
      description: values.description.trim(),
      environment: liveTokens ? values.environment : 'sandbox',
      expiresInDays: values.expiresInDays,
      scopes: values.access === 'all' ? null : (domains.filter((domain) => values.scopes.includes(domain)) as TokenScope[]),
      ipAllowlist: allowlistOf(values.ipAllowlist),
    });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="create-token-title"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => reset(EMPTY_FORM) } }}
    >
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="create-token-title">Create New Token</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <CountedTextField
              control={control}
              name="title"
              label="Title"
              required
              autoFocus
              placeholder="e.g. Shopify sync"
              max={TITLE_MAX}
              help="A name that tells you where the token is used."
              errorMessage={formState.errors.title?.message}
              registration={register('title', {
                validate: (value) => (value.trim().length > 0 ? (tooLongMessage(value, TITLE_MAX) ?? true) : TITLE_REQUIRED),
              })}
            />
            <CountedTextField
              control={control}
              name="description"
              label="Description"
              required
              multiline
              minRows={3}
              max={DESCRIPTION_MAX}
              help="What the token is for, so you can tell tokens apart later."
              errorMessage={formState.errors.description?.message}
              registration={register('description', {
                validate: (value) => (value.trim().length > 0 ? (tooLongMessage(value, DESCRIPTION_MAX) ?? true) : DESCRIPTION_REQUIRED),
              })}
            />
            {liveTokens ? (
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
              name="expiresInDays"
              render={({ field }) => (
                <TextField
                  select
                  label="Expires in"
                  value={field.value}
                  onChange={(event) => field.onChange(Number(event.target.value) as Lifetime)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  helperText={`Until ${formatDate(new Date(Date.now() + lifetime * DAY_MS))}. A refresh gives it the same lifetime again.`}
                >
                  {LIFETIME_OPTIONS.map((option) => (
                    <MenuItem key={option.value} value={option.value}>
                      {option.value === DEFAULT_LIFETIME ? `${option.label} (default)` : option.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormControl component="fieldset" error={Boolean(formState.errors.scopes)}>
              <FormLabel component="legend">Access</FormLabel>
              <Controller
                control={control}
                name="access"
                render={({ field }) => (
                  <RadioGroup
                    name={field.name}
                    value={field.value}
                    onChange={(event) => {
                      clearErrors('scopes');
                      field.onChange(event.target.value);
                    }}
                  >
                    <FormControlLabel value="all" control={<Radio />} label={`All ${FAMILY[family].apiName} domains, including ones added later`} />
                    <FormControlLabel value="chosen" control={<Radio />} label="Only the domains I choose" />
                  </RadioGroup>
                )}
              />
              {access === 'chosen' ? (
                <Controller
                  control={control}
                  name="scopes"
                  rules={{ validate: (value, values) => values.access === 'all' || value.length > 0 || SCOPE_REQUIRED }}
                  render={({ field }) => (
                    // Equal columns, so the boxes line up on a phone instead of wrapping by their labels' lengths.
                    <FormGroup
                      role="group"
                      aria-label="Domains"
                      sx={{ pl: { xs: 1, sm: 4 }, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))', columnGap: 1 }}
                    >
                      {domains.map((domain) => (
                        <FormControlLabel
                          key={domain}
                          label={domainLabel(domain)}
                          sx={{ mr: 0 }}
                          control={
                            <Checkbox
                              checked={field.value.includes(domain)}
                              onChange={(event) =>
                                field.onChange(event.target.checked ? [...field.value, domain] : field.value.filter((chosen) => chosen !== domain))
                              }
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                  )}
                />
              ) : null}
              <FormHelperText>{formState.errors.scopes?.message ?? 'All access is read-only, as the API is. It cannot be changed later.'}</FormHelperText>
            </FormControl>
            <TextField
              label="IP allowlist"
              multiline
              minRows={2}
              placeholder={'203.0.113.0/24\n2001:db8::1'}
              error={Boolean(formState.errors.ipAllowlist)}
              helperText={formState.errors.ipAllowlist?.message ? <MessageLines message={formState.errors.ipAllowlist.message} /> : ALLOWLIST_HELP}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
              {...register('ipAllowlist', {
                validate: (value) => {
                  const check = checkAllowlistText(value);
                  return check.ok || check.problems.join('\n');
                },
              })}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={creating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={creating}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
