/**
 * Toasts for the whole app without notistack on the first load: `useToast().enqueueSnackbar` queues a
 * request, and the first request (or an idle moment) loads toast-host.tsx, which shows the queue.
 * A toast's timer (e.g. the login failure's 3000 ms) starts when it appears, so the load does not shorten it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { SnackbarMessage } from 'notistack';
import type { ToastRequest } from './toast-request';

type Enqueue = (message: SnackbarMessage, options?: ToastRequest['options']) => void;

const ToastContext = createContext<{ enqueueSnackbar: Enqueue } | null>(null);

type Host = ComponentType<{ queue: readonly ToastRequest[] }>;
let hostModule: Promise<Host> | null = null;
function loadHost(): Promise<Host> {
  hostModule ??= import('./toast-host').then((module) => module.default);
  return hostModule;
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<readonly ToastRequest[]>([]);
  const [Host, setHost] = useState<Host | null>(null);

  const mountHost = useCallback(() => {
    void loadHost().then(
      (loaded) => setHost(() => loaded),
      () => {
        hostModule = null; // a failed chunk load is retried by the next toast
      },
    );
  }, []);

  // Ready before the first toast is due, without competing with the first screen for the network.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(mountHost, { timeout: 5000 });
      else mountHost();
    }, 3000);
    return () => window.clearTimeout(timer);
  }, [mountHost]);

  const enqueueSnackbar = useCallback<Enqueue>(
    (message, options = {}) => {
      const id = nextId++;
      setQueue((current) => [...current, { id, message, options }]);
      mountHost();
    },
    [mountHost],
  );
  const value = useMemo(() => ({ enqueueSnackbar }), [enqueueSnackbar]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {Host ? <Host queue={queue} /> : null}
    </ToastContext.Provider>
  );
}

/** The same call shape as notistack's useSnackbar().enqueueSnackbar, for the options the app uses. */
export function useToast(): { enqueueSnackbar: Enqueue } {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast needs a ToastProvider (AppProviders)');
  return context;
}
