/**
 * notistack and its provider, loaded only when the first toast is due (or once the page is idle):
 * they cost ~10 KB compressed that no first screen needs. See toasts.tsx for the queue it drains.
 */
import { useEffect, useRef } from 'react';
import { SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { Toast } from './toast';
import type { ToastRequest } from './toast-request';

const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/**
 * Shows each queued request once (ids are unique; the queue only grows by appending). A request with
 * `preventDuplicate` replaces the toast of the same message still on screen, so one shows at a time.
 * notistack's own check would drop it while the earlier one is leaving, and the user would see none.
 */
function Drain({ queue }: { queue: readonly ToastRequest[] }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const shown = useRef(new Set<number>());
  const single = useRef(new Map<ToastRequest['message'], SnackbarKey>());
  useEffect(() => {
    for (const request of queue) {
      if (shown.current.has(request.id)) continue;
      shown.current.add(request.id);
      const { preventDuplicate, ...options } = request.options;
      if (!preventDuplicate) {
        enqueueSnackbar(request.message, options);
        continue;
      }
      const earlier = single.current.get(request.message);
      if (earlier !== undefined) closeSnackbar(earlier);
      single.current.set(request.message, enqueueSnackbar(request.message, options));
    }
  }, [queue, enqueueSnackbar, closeSnackbar]);
  return null;
}

export default function ToastHost({ queue }: { queue: readonly ToastRequest[] }) {
  return (
    <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} Components={TOAST_COMPONENTS}>
      <Drain queue={queue} />
    </SnackbarProvider>
  );
}
