/** page and size of a list call (defaults and limits from the spec), numbers only. The texts are owned by the tester. */
import type { Ref } from 'react';
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
  /** Set while the typed size is outside the spec's bounds: shown at once, before anything is sent. */
  sizeError: string | null;
  sizeRef?: Ref<HTMLInputElement>;
}

export function PagingFields({ pageText, sizeText, onChange, onCommit, sizeError, sizeRef }: PagingFieldsProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Page"
        value={pageText}
        onChange={(event) => onChange({ pageText: digitsOnly(pageText, event.target.value), sizeText })}
        onBlur={onCommit}
        // The API's own `page`: the pager under the response counts the same way.
        helperText="Zero-based: 0 is the first page"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
      <TextField
        label="Size"
        value={sizeText}
        inputRef={sizeRef}
        onChange={(event) => onChange({ pageText, sizeText: digitsOnly(sizeText, event.target.value) })}
        onBlur={onCommit}
        error={sizeError !== null}
        helperText={sizeError ?? `${MIN_SIZE} to ${MAX_SIZE} rows`}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
    </Stack>
  );
}
