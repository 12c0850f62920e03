/**
 * page and size of a list call (defaults 0 and 10, size 1..100), numbers only. Text is edited locally and
 * committed on blur or Enter, so clearing a field to retype it does not snap back to a default.
 */
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { digitsOnly } from '../lib/digits-only';
import { MAX_SIZE, MIN_SIZE } from '../lib/tester-choices';

interface PagingFieldsProps {
  page: number;
  size: number;
  onCommit: (paging: { page: number; size: number }) => void;
}

export function PagingFields({ page, size, onCommit }: PagingFieldsProps) {
  const [pageText, setPageText] = useState(String(page));
  const [sizeText, setSizeText] = useState(String(size));

  const commit = () => {
    const nextPage = pageText === '' ? 0 : Number(pageText);
    const nextSize = sizeText === '' ? size : Math.min(MAX_SIZE, Math.max(MIN_SIZE, Number(sizeText)));
    setPageText(String(nextPage));
    setSizeText(String(nextSize));
    if (nextPage !== page || nextSize !== size) onCommit({ page: nextPage, size: nextSize });
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') commit();
  };

  return (
    <Stack direction="row" spacing={2}>
      <TextField
        label="Page"
        value={pageText}
        onChange={(event) => setPageText((previous) => digitsOnly(previous, event.target.value))}
        onBlur={commit}
        onKeyDown={onKeyDown}
        helperText="Zero-based"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
      <TextField
        label="Size"
        value={sizeText}
        onChange={(event) => setSizeText((previous) => digitsOnly(previous, event.target.value))}
        onBlur={commit}
        onKeyDown={onKeyDown}
        helperText={`${MIN_SIZE} to ${MAX_SIZE}`}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
    </Stack>
  );
}
