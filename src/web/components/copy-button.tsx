/** A copy-to-clipboard control that says "Copied" once it has copied (as an icon button or a text button). */
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useCopy } from '../lib/use-copy';

interface CopyButtonProps {
  /** Accessible name before copying, e.g. "Copy token". */
  label: string;
  /** The text to copy; a function is called only on click, so secrets are not held in props longer than needed. */
  text: string | (() => string);
  /** `icon` (default) or a text button. */
  variant?: 'icon' | 'text';
  size?: 'small' | 'medium' | 'large';
  disabled?: boolean;
}

export function CopyButton({ label, text, variant = 'icon', size = 'small', disabled = false }: CopyButtonProps) {
  const { copied, copy } = useCopy();
  const name = copied ? 'Copied' : label;
  const onClick = () => void copy(typeof text === 'function' ? text() : text);
  const icon = copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />;

  if (variant === 'text') {
    return (
      <Button size={size} variant="outlined" startIcon={icon} onClick={onClick} disabled={disabled} aria-live="polite">
        {name}
      </Button>
    );
  }
  return (
    // A native title rather than MUI's Tooltip: the docs route has dozens of these, and Tooltip brings
    // Popper (~12 KB compressed) onto the documentation route's first load. The span shows it when disabled.
    <span title={name}>
      <IconButton size={size === 'large' ? 'medium' : size} aria-label={name} onClick={onClick} disabled={disabled}>
        {icon}
      </IconButton>
    </span>
  );
}
