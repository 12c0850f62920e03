/**
 * The item a simulation moves: picked from the first page of its list (each with its current status), or
 * any id typed in.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Target } from '../lib/target-summary';

interface TargetFieldProps {
  label: string;
  targets: readonly Target[];
  loading: boolean;
  /** The id as typed or picked. */
  value: string;
  error: string | undefined;
  /** Said under the field instead of how to pick. */
  hint?: string;
  onChange: (value: string) => void;
  /** The list is opened: its first page is asked for only now, as the call counts against the token's rate limit. */
  onOpen: () => void;
}

export function TargetField({ label, targets, loading, value, error, hint, onChange, onOpen }: TargetFieldProps) {
  return (
    <Autocomplete
      freeSolo
      onOpen={onOpen}
      options={targets}
      loading={loading}
      inputValue={value}
      onInputChange={(_, text, reason) => onChange(reason === 'reset' ? text.replace(/^#(\d+).*$/, '$1') : text)}
      getOptionLabel={(option) => (typeof option === 'string' ? option : String(option.id))}
      filterOptions={(options, state) => options.filter((option) => state.inputValue === '' || `${option.label} ${option.state}`.includes(state.inputValue))}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{option.label}</span>
          {option.state === '' ? null : (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
              {option.state}
            </Box>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error !== undefined}
          helperText={error ?? hint ?? (loading ? 'Loading the first page…' : 'Open the list to pick from the first page, or type any id.')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric' } }}
        />
      )}
    />
  );
}
