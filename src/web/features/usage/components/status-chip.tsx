/** A status as a coloured chip: 2xx green, 3xx blue, 4xx amber, 5xx red. */
import Chip from '@mui/material/Chip';
import { statusTone } from '../lib/status-explanation';

export function StatusChip({ status }: { status: number }) {
  return <Chip size="small" color={statusTone(status)} label={status} sx={{ fontWeight: 600, minWidth: 48 }} />;
}
