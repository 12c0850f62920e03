/**
 * notistack's snackbars drawn as MUI Alerts, so toasts follow the theme (light and dark) and are
 * announced: an Alert has role="alert".
 */
import { forwardRef } from 'react';
import Alert from '@mui/material/Alert';
import type { CustomContentProps } from 'notistack';

export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast({ id, message, variant, style, className }, ref) {
  const severity = variant === 'default' ? 'info' : variant;
  return (
    <Alert ref={ref} id={String(id)} severity={severity} variant="filled" style={style} className={className} sx={{ minWidth: 288, boxShadow: 6 }}>
      {message}
    </Alert>
  );
});
