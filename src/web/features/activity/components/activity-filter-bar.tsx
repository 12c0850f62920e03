/**
 * The Activity filters: event type (all, or one) and a range of local days (From and To, both included),
 * beside Download CSV, a plain link to the CSV of the same filters (the session cookie authenticates it;
 * the address carries nothing secret).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DownloadIcon from '@mui/icons-material/Download';
import { activityCsvHref, EVENT_TYPES, rangeProblem, type ActivityEventType, type ActivityFilters } from '../lib/activity-filters';
import { EVENT_LABELS } from '../lib/activity-text';

interface ActivityFilterBarProps {
  filters: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
}

/** The filters without one key, or with it set; '' clears it. */
function withValue(filters: ActivityFilters, key: keyof ActivityFilters, value: string): ActivityFilters {
  const { [key]: _old, ...rest } = filters;
  return value === '' ? rest : { ...rest, [key]: value };
}

export function ActivityFilterBar({ filters, onChange }: ActivityFilterBarProps) {
  const problem = rangeProblem(filters);
  const dayField = (key: 'from' | 'to', label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      {...(key === 'to' && problem !== undefined ? { error: true, helperText: problem } : {})}
      value={filters[key] ?? ''}
      onChange={(event) => onChange(withValue(filters, key, event.target.value))}
      fullWidth={false}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: key === 'from' ? { max: filters.to } : { min: filters.from },
      }}
      sx={{ flex: { xs: '1 1 140px', sm: '0 1 180px' } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      {/* Tops aligned: a field's error text below it must not push its neighbours down. */}
      <Box role="group" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', flex: '1 1 auto' }}>
        <TextField
          select
          size="small"
          label="Event"
          value={filters.type ?? 'all'}
          onChange={(event) => onChange(withValue(filters, 'type', event.target.value === 'all' ? '' : (event.target.value as ActivityEventType)))}
          fullWidth={false}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 260px' }, minWidth: 200 }}
        >
          <MenuItem value="all">All events</MenuItem>
          {EVENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {EVENT_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        {dayField('from', 'From')}
        {dayField('to', 'To')}
      </Box>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={activityCsvHref(filters)} download disabled={problem !== undefined}>
        Download CSV
      </Button>
    </Box>
  );
}
