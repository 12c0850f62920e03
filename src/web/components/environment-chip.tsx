/**
 * A token's environment as a small chip: "Sandbox" quiet, "Live" in the warning colour, as its calls reach
 * the provider's real data. A screen reader hears "Environment: Live", not a bare word beside a title.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ENVIRONMENT_LABEL, type TokenEnvironment } from '../../shared/token-environment';

// Pixel sizes as strings: the sx numbers 0 to 1 are fractions (1 would be 100%).
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function EnvironmentChip({ environment }: { environment: TokenEnvironment }) {
  const live = environment === 'live';
  return (
    <Chip
      component="span"
      size="small"
      color={live ? 'warning' : 'default'}
      variant={live ? 'filled' : 'outlined'}
      label={
        <>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            Environment:{' '}
          </Box>
          {ENVIRONMENT_LABEL[environment]}
        </>
      }
      sx={{ fontWeight: live ? 700 : undefined }}
    />
  );
}
