/**
 * Light/dark toggle for the top bar. Until the user picks, the scheme follows the system setting;
 * MUI keeps the pick in localStorage (MODE_STORAGE_KEY in theme.ts).
 */
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';

export function ColorModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const current = mode === 'system' || !mode ? (systemMode ?? 'light') : mode;
  const next = current === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    // A native title, not MUI's Tooltip: the top bar is on every first load, and Tooltip brings Popper with it.
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setMode(next)}>
      {next === 'dark' ? <DarkModeOutlinedIcon /> : <LightModeOutlinedIcon />}
    </IconButton>
  );
}
