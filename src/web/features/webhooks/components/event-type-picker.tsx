/**
 * Which events an endpoint hears: every event of the account's family (including ones added later), or the
 * ones ticked, each by its summary with the type it is sent as beneath.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { FAMILY, type ApiFamily } from '../../../../shared/api-family';
import { BreakableText } from '../../../components/breakable-text';
import { nameParts } from '../../../lib/break-points';
import { monospace } from '../../../theme/theme';
import type { WebhookEventType } from '../api/list-webhook-endpoints';
import { eventsOfFamily } from '../lib/event-types';

export const EVENTS_REQUIRED = 'Choose at least one event.';

interface EventTypePickerProps {
  family: ApiFamily;
  all: boolean;
  chosen: readonly WebhookEventType[];
  error: string | undefined;
  onAllChange: (all: boolean) => void;
  onChosenChange: (chosen: WebhookEventType[]) => void;
}

export function EventTypePicker({ family, all, chosen, error, onAllChange, onChosenChange }: EventTypePickerProps) {
  const events = eventsOfFamily(family);
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChosenChange(events.map((event) => event.type).filter((known) => (known === type ? on : chosen.includes(known))));
  return (
    <FormControl component="fieldset" error={error !== undefined}>
      <FormLabel component="legend">Events</FormLabel>
      <RadioGroup name="events" value={all ? 'all' : 'chosen'} onChange={(event) => onAllChange(event.target.value === 'all')}>
        <FormControlLabel value="all" control={<Radio />} label={`Every ${FAMILY[family].apiName} event, including ones added later`} />
        <FormControlLabel value="chosen" control={<Radio />} label="Only the events I choose" />
      </RadioGroup>
      {all ? null : (
        <FormGroup role="group" aria-label="Events to send" sx={{ pl: { xs: 2, sm: 4 }, pt: 0.5 }}>
          {events.map((event) => (
            <FormControlLabel
              key={event.type}
              sx={{ alignItems: 'flex-start', mb: 0.5 }}
              control={<Checkbox checked={chosen.includes(event.type)} onChange={(_, on) => toggle(event.type, on)} sx={{ pt: 0.5 }} />}
              label={
                <Box sx={{ minWidth: 0 }}>
                  <Box>{event.summary}</Box>
                  <Box sx={{ fontFamily: monospace, fontSize: '0.75rem', color: 'text.secondary' }}>
                    <BreakableText parts={nameParts(event.type)} />
                  </Box>
                </Box>
              }
            />
          ))}
        </FormGroup>
      )}
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
