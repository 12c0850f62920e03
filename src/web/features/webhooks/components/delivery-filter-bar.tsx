/** The delivery log's filters: endpoint, event type and outcome; each change goes back to the newest page. */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ApiFamily } from '../../../../shared/api-family';
import type { WebhookEndpoint, WebhookEventType } from '../api/list-webhook-endpoints';
import { OUTCOMES, type DeliveryFilters, type DeliveryOutcome } from '../lib/delivery-filters';
import { eventsOfFamily } from '../lib/event-types';

// A value of its own (not ''), so the select shows "All …" rather than an empty field.
const ANY = 'all';
const OUTCOME_LABEL: Record<DeliveryOutcome, string> = { succeeded: 'Succeeded', failed: 'Failed' };

interface DeliveryFilterBarProps {
  filters: DeliveryFilters;
  endpoints: readonly WebhookEndpoint[];
  family: ApiFamily;
  onChange: (filters: DeliveryFilters) => void;
}

export function DeliveryFilterBar({ filters, endpoints, family, onChange }: DeliveryFilterBarProps) {
  const field = { select: true, size: 'small', sx: { flex: '1 1 200px', minWidth: 0 } } as const;
  return (
    <Box role="group" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      <TextField
        {...field}
        label="Endpoint"
        value={filters.endpointId === undefined ? ANY : String(filters.endpointId)}
        onChange={(event) => {
          const { endpointId: _previous, ...rest } = filters;
          onChange(event.target.value === ANY ? rest : { ...rest, endpointId: Number(event.target.value) });
        }}
      >
        <MenuItem value={ANY}>All endpoints</MenuItem>
        {endpoints.map((endpoint) => (
          <MenuItem key={endpoint.id} value={String(endpoint.id)} sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {endpoint.url}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        label="Event"
        value={filters.eventType ?? ANY}
        onChange={(event) => {
          const { eventType: _previous, ...rest } = filters;
          onChange(event.target.value === ANY ? rest : { ...rest, eventType: event.target.value as WebhookEventType });
        }}
      >
        <MenuItem value={ANY}>All events</MenuItem>
        {eventsOfFamily(family).map((event) => (
          <MenuItem key={event.type} value={event.type}>
            {event.summary}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        label="Outcome"
        value={filters.outcome ?? ANY}
        onChange={(event) => {
          const { outcome: _previous, ...rest } = filters;
          onChange(event.target.value === ANY ? rest : { ...rest, outcome: event.target.value as DeliveryOutcome });
        }}
      >
        <MenuItem value={ANY}>Any outcome</MenuItem>
        {OUTCOMES.map((outcome) => (
          <MenuItem key={outcome} value={outcome}>
            {OUTCOME_LABEL[outcome]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
