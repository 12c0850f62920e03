/** Shown when a route fails to load or render (for example a chunk missing after a deploy): say so, offer a reload. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      <Alert severity="error" action={<Button color="inherit" onClick={() => window.location.reload()}>Reload</Button>}>
        <AlertTitle>This page could not be shown</AlertTitle>
        {message}
      </Alert>
    </Box>
  );
}
