/** Any unknown path inside the shell: say so and offer the way back. */
import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EmptyState } from '../../components/empty-state';

export function Component() {
  const { pathname } = useLocation();
  return (
    <EmptyState
      icon={<SearchOffIcon />}
      title="Page not found"
      headingLevel="h1"
      action={
        <Button component={RouterLink} to="/" variant="contained">
          Back to the documentation
        </Button>
      }
    >
      There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
    </EmptyState>
  );
}
