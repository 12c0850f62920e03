/** A date and time that may wrap between the day and the time, never inside either; the exact instant in its tooltip. */
import Box from '@mui/material/Box';
import { formatDateTimeParts } from '../lib/format-date';

export function DateTimeText({ iso }: { iso: string }) {
  const { day, time } = formatDateTimeParts(iso);
  return (
    <Box component="time" dateTime={iso} title={iso} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {day}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {time}
      </Box>
    </Box>
  );
}
