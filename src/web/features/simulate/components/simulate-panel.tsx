/**
 * Settings' Simulate panel, beside the sandbox: with one of the user's sandbox tokens, move an item of the
 * sandbox as the warehouse would (advance an order, a return, an import or a quotation; receive an import;
 * change a product's stock) and fire its webhook events. The simulations and their targets come from the
 * catalogue; the call is the public API's, made with the token as any integrator's would be.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { ApiFamily } from '../../../../shared/api-family';
import { TokenChooser } from '../../../components/token-chooser';
import { useApiTokens, type ApiToken } from '../../../lib/api-tokens';
import { chosenToken, rememberChosenToken } from '../../../lib/chosen-token';
import { formatDateTime } from '../../../lib/format-date';
import { offeredTokens, onlyUsableToken, outsideAddressNote } from '../../../lib/token-choices';
import { useSimulationTargets } from '../api/list-simulation-targets';
import { useRunSimulation } from '../api/run-simulation';
import { simulationsOf } from '../lib/simulations';
import { SimulationResultView } from './simulation-result-view';
import { TargetField } from './target-field';

const HEADING_ID = 'simulate-heading';
export const NO_SANDBOX_TOKEN = 'Create a sandbox token to simulate.';

interface SimulatePanelProps {
  family: ApiFamily;
  /** Brings the user to where a token is created. */
  onCreateToken: () => void;
}

/** The sandbox token filled in at first: the one last chosen anywhere, if it is a sandbox token, else the only usable one. */
function initialToken(tokens: readonly ApiToken[]): string {
  const remembered = chosenToken();
  if (remembered !== null && tokens.some((token) => token.token === remembered)) return remembered;
  return onlyUsableToken(tokens, new Date())?.token ?? '';
}

export function SimulatePanel({ family, onCreateToken }: SimulatePanelProps) {
  const tokens = useApiTokens();
  const sandboxTokens = offeredTokens(tokens.data ?? []).filter((token) => token.environment === 'sandbox');
  const simulations = simulationsOf(family);
  const [pickedToken, setPickedToken] = useState<string | null>(null);
  const [operationId, setOperationId] = useState(simulations[0]?.operation.operationId ?? '');
  const [targetText, setTargetText] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const token = pickedToken ?? initialToken(sandboxTokens);
  const simulation = simulations.find((known) => known.operation.operationId === operationId);
  const [targetsWanted, setTargetsWanted] = useState(false);
  const targets = useSimulationTargets(simulation?.list, token, targetsWanted);
  const run = useRunSimulation();

  const submit = () => {
    if (!simulation) return;
    const found: Record<string, string> = {};
    if (token === '') found.token = 'Choose a sandbox token.';
    const id = /^\d{1,10}$/.test(targetText.trim()) ? Number(targetText.trim()) : NaN;
    if (!(id >= 1)) found.target = 'Enter the id of an item of your sandbox.';
    const body: Record<string, number> = {};
    for (const field of simulation.body) {
      const value = Number((fields[field.name] ?? '').trim());
      const text = (fields[field.name] ?? '').trim();
      if (text === '' || !Number.isInteger(value) || value === 0) found[field.name] = 'Enter a whole number other than 0.';
      else if ((field.minimum !== undefined && value < field.minimum) || (field.maximum !== undefined && value > field.maximum))
        found[field.name] = `Between ${field.minimum ?? '…'} and ${field.maximum ?? '…'}.`;
      else body[field.name] = value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    run.mutate({ operation: simulation.operation, id, token, body: simulation.body.length > 0 ? body : undefined });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={HEADING_ID} sx={{ p: 2, mt: 4, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id={HEADING_ID} variant="h2" component="h2">
          Simulate
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Move an item of your sandbox as the warehouse would, and your webhook endpoints hear of it as they would of a real change.
        </Typography>
      </Box>
      {tokens.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : sandboxTokens.length === 0 ? (
        <Alert severity="info">
          {NO_SANDBOX_TOKEN}{' '}
          <Link component="button" type="button" onClick={onCreateToken} sx={{ verticalAlign: 'baseline' }}>
            Create one above
          </Link>
        </Alert>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          <TokenChooser
            label="Sandbox token"
            tokens={sandboxTokens}
            value={token}
            domain={simulation?.operation.domain}
            onChange={(chosen) => {
              setPickedToken(chosen?.token ?? '');
              rememberChosenToken(chosen?.token ?? null);
            }}
            details={(chosen, marks) =>
              marks.outsideAddress
                ? outsideAddressNote(marks.outsideAddress)
                : marks.lacksDomain
                  ? 'No access to this simulation’s domain'
                  : (marks.badge ?? `Expires ${formatDateTime(chosen.expiryDate)}`)
            }
            helperText={errors.token}
          />
          <TextField
            select
            label="Simulation"
            value={operationId}
            onChange={(event) => {
              setOperationId(event.target.value);
              setTargetText('');
              setErrors({});
              run.reset();
            }}
          >
            {simulations.map(({ operation }) => (
              <MenuItem key={operation.operationId} value={operation.operationId}>
                {operation.summary}
              </MenuItem>
            ))}
          </TextField>
          <TargetField
            label={simulation?.list ? `Which one (${simulation.operation.idParam ?? 'id'})` : 'Id'}
            targets={targets.data ?? []}
            loading={targets.isFetching}
            hint={token === '' ? 'Choose a sandbox token to list its first page, or type any id.' : undefined}
            value={targetText}
            error={errors.target}
            onChange={setTargetText}
            onOpen={() => setTargetsWanted(true)}
          />
          {simulation?.body.map((field) => (
            <TextField
              key={field.name}
              label={field.name}
              value={fields[field.name] ?? ''}
              onChange={(event) => setFields((now) => ({ ...now, [field.name]: event.target.value }))}
              error={errors[field.name] !== undefined}
              helperText={errors[field.name] ?? field.description}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ))}
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Button type="submit" variant="contained" startIcon={<PlayArrowIcon />} loading={run.isPending} sx={{ alignSelf: 'flex-start' }}>
              Simulate
            </Button>
            {run.isError ? <Alert severity="error">{run.error.message}</Alert> : null}
            {run.data && simulation ? <SimulationResultView result={run.data} what={simulation.operation.summary} /> : null}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
