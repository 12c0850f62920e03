/**
 * notistack and its provider, loaded only when the first toast is due (or once the page is idle):
 * they cost ~10 KB compressed that no first screen needs. See toasts.tsx for the queue it drains.
 */
import { useEffect, useRef } from 'react';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { Toast } from './toast';
import type { ToastRequest } from './toast-request';

const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/** Shows each queued request once (ids are unique; the queue only grows by appending). */
function Drain({ queue }: { queue: readonly ToastRequest[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const request of queue) {
      if (shown.current.has(request.id)) continue;
      shown.current.add(request.id);
      enqueueSnackbar(request.message, request.options);
    }
  }, [queue, enqueueSnackbar]);
  return null;
}

export default function ToastHost({ queue }: { queue: readonly ToastRequest[] }) {
  return (
    <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} Components={TOAST_COMPONENTS}>
      <Drain queue={queue} />
    </SnackbarProvider>
  );
}
