/** A toast waiting to be shown: queued by toasts.tsx, drained by toast-host.tsx once notistack has loaded. */
import type { OptionsObject, SnackbarMessage } from 'notistack';

export interface ToastRequest {
  id: number;
  message: SnackbarMessage;
  options: Pick<OptionsObject, 'variant' | 'autoHideDuration' | 'preventDuplicate'>;
}
