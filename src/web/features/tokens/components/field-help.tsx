/** Helper texts for the token forms' fields: a message beside a "12/100" counter, and one line per problem. */
import Box from '@mui/material/Box';

/** The message at the start, the counter at the end (a space between them for screen readers). */
export function HelpWithCounter({ message, counter }: { message: string; counter: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{message}</span>{' '}
      <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        {counter}
      </Box>
    </Box>
  );
}

/** Each line of a message on its own line. */
export function MessageLines({ message }: { message: string }) {
  return message.split('\n').map((line, index) => (
    <Box component="span" key={index} sx={{ display: 'block' }}>
      {line}
    </Box>
  ));
}
