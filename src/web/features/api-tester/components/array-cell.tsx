/** An array in a table cell: its count, which expands in place into its items (their fields from the spec). */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ResponseField } from '../../../../shared/portal-data/response-fields';
import { monospace } from '../../../theme/theme';
import { cellText, countLabel } from '../lib/flatten-row';
import { columnsOf } from '../lib/table-columns';
import { valueAt } from '../lib/flatten-row';

interface ArrayCellProps {
  items: readonly unknown[];
  /** The item's fields, when the spec gives them. */
  fields?: readonly ResponseField[];
  /** What is expanded, e.g. `products of row 3`, for screen readers. */
  label: string;
  /** Told when the cell opens or closes, so a grid can let the row grow. */
  onToggle?: (open: boolean) => void;
}

function ItemText({ item, fields }: { item: unknown; fields?: readonly ResponseField[] }) {
  if (!fields) return <>{cellText(item)}</>;
  return (
    <>
      {columnsOf(fields).map((column) => (
        <Box component="span" key={column.key} sx={{ display: 'block' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {column.key}:
          </Box>{' '}
          {cellText(valueAt(item, column.path))}
        </Box>
      ))}
    </>
  );
}

export function ArrayCell({ items, fields, label, onToggle }: ArrayCellProps) {
  const [open, setOpen] = useState(false);
  if (items.length === 0)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        0 items
      </Box>
    );
  return (
    <Box sx={{ py: 0.25, whiteSpace: 'normal' }}>
      <Button
        size="small"
        variant="text"
        aria-expanded={open}
        aria-label={`${countLabel(items)}: ${open ? 'hide' : 'show'} ${label}`}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        onClick={(event) => {
          // Inside a grid, a click would also select or sort: keep it to the cell.
          event.stopPropagation();
          setOpen(!open);
          onToggle?.(!open);
        }}
        sx={{ minWidth: 0, px: 0.5, py: 0, textTransform: 'none' }}
      >
        {countLabel(items)}
      </Button>
      {open ? (
        <Box component="ol" sx={{ m: 0, pl: 2.5, fontFamily: monospace, fontSize: '0.75rem', lineHeight: 1.5, overflowWrap: 'anywhere' }}>
          {items.map((item, index) => (
            <Box component="li" key={index} sx={{ '& + &': { mt: 0.75 } }}>
              <ItemText item={item} fields={fields} />
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
