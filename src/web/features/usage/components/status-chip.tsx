/** A status as a chip in its outcome's colour, the chart's colour for the same class (lib/outcomes.ts). */
import Chip from '@mui/material/Chip';
import { statusTone } from '../lib/outcomes';

export function StatusChip({ status }: { status: number }) {
  return <Chip size="small" color={statusTone(status)} label={status} sx={{ fontWeight: 600, minWidth: 48 }} />;
}
