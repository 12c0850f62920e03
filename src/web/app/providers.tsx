/** Theme, data and toasts for the whole app. Tests pass their own QueryClient. */
import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastProvider } from '../components/toasts';
import { createQueryClient } from '../lib/query-client';
import { colorModeStorage } from '../theme/color-mode-storage';
import { MODE_STORAGE_KEY, theme } from '../theme/theme';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={MODE_STORAGE_KEY} storageManager={colorModeStorage}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
