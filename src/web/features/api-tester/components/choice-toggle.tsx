/**
 * A labelled exclusive choice (API family, mode, order type) as a toggle button group. One tab stop, on
 * the chosen option (a roving tabindex): Tab then Space keeps the choice, the arrow keys move between the
 * options and Space or Enter picks one (WAI-ARIA APG, "Keyboard Navigation Inside Components").
 */
import { useRef } from 'react';
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

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function ChoiceToggle<T extends string>({ id, label, value, options, onChange }: ChoiceToggleProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The tab stop: the chosen option, or the first when none is chosen.
  const stop = options.some((option) => option.value === value) ? value : options[0]?.value;
  const moveFocus = (event: React.KeyboardEvent) => {
    const step = STEPS[event.key] ?? (event.key === 'Home' || event.key === 'End' ? 0 : undefined);
    if (step === undefined) return;
    const current = buttons.current.findIndex((button) => button === document.activeElement);
    if (current < 0) return;
    event.preventDefault();
    const count = options.length;
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : (current + step + count) % count;
    buttons.current[next]?.focus();
  };
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
        onKeyDown={moveFocus}
        onChange={(_, next: T | null) => {
          // An exclusive group reports null when the pressed button is clicked again: keep the choice.
          if (next !== null) onChange(next);
        }}
      >
        {options.map((option, index) => (
          <ToggleButton
            key={option.value}
            value={option.value}
            tabIndex={option.value === stop ? 0 : -1}
            ref={(button) => {
              buttons.current[index] = button;
            }}
          >
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
