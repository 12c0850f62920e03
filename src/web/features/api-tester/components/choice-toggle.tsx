/**
 * A labelled exclusive choice (API family, mode, order type) as a toggle button group. Its one tab stop is
 * the chosen option, so Tab then Space keeps the choice; the group's arrow keys move between the options
 * and Space or Enter picks one. MUI's group alone puts the stop on the first option, chosen or not.
 */
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

interface ChoiceToggleProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}

export function ChoiceToggle<T extends string>({ id, label, value, options, onChange }: ChoiceToggleProps<T>) {
  // The chosen option, or the first when none is chosen.
  const stop = options.some((option) => option.value === value) ? value : options[0]?.value;
  return (
    <Box>
      <Typography id={id} variant="caption" component="div" color="text.secondary" sx={{ mb: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={value}
        aria-labelledby={id}
        onChange={(_, next: T | null) => {
          // An exclusive group reports null when the pressed button is clicked again: keep the choice.
          if (next !== null) onChange(next);
        }}
      >
        {options.map((option) => (
          <ToggleButton key={option.value} value={option.value} tabIndex={option.value === stop ? 0 : -1}>
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
