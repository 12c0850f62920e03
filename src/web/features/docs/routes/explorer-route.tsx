/**
 * Route module for /documentation/explorer: the whole public spec in Swagger UI. The header renders at
 * once; Swagger UI (about a megabyte) loads behind it, only on this route.
 */
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { PageHeader } from '../../../components/page-header';
import { DocsRoot } from '../components/docs-root';

const SwaggerExplorer = lazy(() => import('../components/swagger-explorer'));

export const EXPLORER_SPEC_URL = '/downloads/openapi.json';

export function Component() {
  return (
    <DocsRoot>
      <title>Explorer · Documentation</title>
      <PageHeader
        title="API explorer"
        description="The whole public API in Swagger UI. Choose Authorize, paste one of your API tokens, then “Try it out” on any operation: calls go to this portal’s API."
        actions={
          <Button component={Link} to="/documentation" size="small" startIcon={<ArrowBackIcon />}>
            Reference
          </Button>
        }
      />
      <Suspense fallback={<p className="muted">Loading Swagger UI…</p>}>
        <SwaggerExplorer specUrl={EXPLORER_SPEC_URL} />
      </Suspense>
    </DocsRoot>
  );
}
