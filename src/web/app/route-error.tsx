/**
 * Catches what a screen throws while loading or rendering (for example a chunk missing after a deploy):
 * says so and offers a reload. Moving to another URL clears it, so the rest of the app stays usable.
 */
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

function RouteError({ error }: FallbackProps) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        <AlertTitle>This page could not be shown</AlertTitle>
        {message}
      </Alert>
    </Box>
  );
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[location.pathname, location.search]}>
      {children}
    </ErrorBoundary>
  );
}
