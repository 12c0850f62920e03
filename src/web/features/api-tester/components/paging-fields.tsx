/** page and size of a list call (defaults and limits from the spec), numbers only. The texts are owned by the tester. */
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { digitsOnly } from '../lib/digits-only';
import { MAX_SIZE, MIN_SIZE } from '../lib/tester-choices';

interface PagingFieldsProps {
  pageText: string;
  sizeText: string;
  onChange: (texts: { pageText: string; sizeText: string }) => void;
  /** Called on blur: write the typed values to the URL. */
  onCommit: () => void;
}

export function PagingFields({ pageText, sizeText, onChange, onCommit }: PagingFieldsProps) {
  return (
    <Stack direction="row" spacing={2}>
      <TextField
        label="Page"
        value={pageText}
        onChange={(event) => onChange({ pageText: digitsOnly(pageText, event.target.value), sizeText })}
        onBlur={onCommit}
        helperText="Zero-based"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
      <TextField
        label="Size"
        value={sizeText}
        onChange={(event) => onChange({ pageText, sizeText: digitsOnly(sizeText, event.target.value) })}
        onBlur={onCommit}
        helperText={`${MIN_SIZE} to ${MAX_SIZE}`}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
    </Stack>
  );
}
