/** Shown in the shell's main area while a screen's code loads: a thin bar where the page will begin. */
import LinearProgress from '@mui/material/LinearProgress';

export function ScreenLoading() {
  return <LinearProgress aria-label="Loading page" sx={{ height: 3 }} />;
}
