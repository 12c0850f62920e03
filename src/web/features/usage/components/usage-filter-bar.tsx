/**
 * The filters: time range (24 hours, 7 days, 30 days or custom), token (all, or one, deleted ones
 * labelled), status class and operation. The chart, totals, tables and log all follow all four.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { TokenUsage } from '../../../lib/token-usage';
import { withEnvironment } from '../../../lib/token-display';
import { STATUS_FILTERS, rangeBounds, type RangeKey, type StatusFilter, type UsageFilters } from '../lib/usage-filters';

const RANGE_LABELS: Record<RangeKey, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days', custom: 'Custom' };
const STATUS_LABELS: Record<StatusFilter, string> = {
  '2xx': '2xx success',
  '3xx': '3xx',
  '4xx': '4xx (all)',
  '5xx': '5xx',
  '401': '401 only',
  '429': '429 only',
};

/** datetime-local wants local "YYYY-MM-DDTHH:mm". */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

interface UsageFilterBarProps {
  filters: UsageFilters;
  tokens: TokenUsage[];
  operations: string[];
  onChange: (filters: UsageFilters) => void;
}

export function UsageFilterBar({ filters, tokens, operations, onChange }: UsageFilterBarProps) {
  const setRange = (range: RangeKey | null) => {
    if (range === null) return;
    if (range === 'custom') {
      const bounds = rangeBounds(filters);
      onChange({ ...filters, range, from: bounds.from, to: bounds.to });
    } else {
      const { from: _from, to: _to, ...rest } = filters;
      onChange({ ...rest, range });
    }
  };
  const setEnd = (end: 'from' | 'to', local: string) => {
    const date = new Date(local);
    if (!Number.isNaN(date.getTime())) onChange({ ...filters, [end]: date.toISOString() });
  };
  const operationChoices = filters.operation && !operations.includes(filters.operation) ? [filters.operation, ...operations] : operations;
  return (
    <Box role="group" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <ToggleButtonGroup size="small" exclusive value={filters.range} onChange={(_event, value: RangeKey | null) => setRange(value)} aria-label="Time range">
        {(Object.keys(RANGE_LABELS) as RangeKey[]).map((key) => (
          <ToggleButton key={key} value={key}>
            {RANGE_LABELS[key]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {filters.range === 'custom' && filters.from && filters.to ? (
        <>
          <TextField
            size="small"
            fullWidth={false}
            type="datetime-local"
            label="From"
            value={toLocalInput(filters.from)}
            onChange={(event) => setEnd('from', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            fullWidth={false}
            type="datetime-local"
            label="To"
            value={toLocalInput(filters.to)}
            onChange={(event) => setEnd('to', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      ) : null}
      <TextField
        select
        size="small"
        label="Token"
        value={filters.tokenId === undefined ? 'all' : String(filters.tokenId)}
        onChange={(event) => {
          const { tokenId: _tokenId, ...rest } = filters;
          onChange(event.target.value === 'all' ? rest : { ...rest, tokenId: Number(event.target.value) });
        }}
        fullWidth={false}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' }, minWidth: 180 }}
      >
        <MenuItem value="all">All tokens</MenuItem>
        {tokens.map((token) => (
          <MenuItem key={token.tokenId} value={String(token.tokenId)}>
            {withEnvironment(token.title, token.environment) + (token.deleted ? ' (deleted)' : '')}
          </MenuItem>
        ))}
        {filters.tokenId !== undefined && !tokens.some((token) => token.tokenId === filters.tokenId) ? (
          <MenuItem value={String(filters.tokenId)}>Token {filters.tokenId}</MenuItem>
        ) : null}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status ?? 'all'}
        onChange={(event) => {
          const { status: _status, ...rest } = filters;
          onChange(event.target.value === 'all' ? rest : { ...rest, status: event.target.value as StatusFilter });
        }}
        fullWidth={false}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 180px' }, minWidth: 140 }}
      >
        <MenuItem value="all">All statuses</MenuItem>
        {STATUS_FILTERS.map((status) => (
          <MenuItem key={status} value={status}>
            {STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Operation"
        value={filters.operation ?? 'all'}
        onChange={(event) => {
          const { operation: _operation, ...rest } = filters;
          onChange(event.target.value === 'all' ? rest : { ...rest, operation: event.target.value });
        }}
        fullWidth={false}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 240px' }, minWidth: 200 }}
      >
        <MenuItem value="all">All operations</MenuItem>
        {operationChoices.map((operation) => (
          <MenuItem key={operation} value={operation}>
            {operation}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
