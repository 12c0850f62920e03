/**
 * The whole public spec in Swagger UI. Loaded only on /documentation/explorer:
 * this module and swagger-ui-react are their own chunk. The spec is the exported public one, with its
 * server pointed at this portal's origin so "Try it out" calls this API (same origin, allowed by the CSP)
 * with the token the user enters under Authorize. Authorization is not persisted.
 */
import { useEffect, useState } from 'react';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { styled } from '@mui/material/styles';

const Frame = styled('div')(({ theme }) => ({
  // Swagger UI draws on a light background in both colour schemes; give it one.
  background: theme.palette.common.white,
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${(theme.vars ?? theme).palette.divider}`,
  padding: theme.spacing(1, 0),
  '.swagger-ui .info': { margin: '24px 0' },
  '.swagger-ui .scheme-container': { boxShadow: 'none', padding: '12px 0' },
}));

type Spec = Record<string, unknown>;

/** Puts this portal's own `/api/v1` first, so requests go to the same origin. */
export function withPortalServer(spec: Spec, origin: string): Spec {
  const servers = Array.isArray(spec.servers) ? (spec.servers as { url?: unknown }[]) : [];
  const basePath = typeof servers[0]?.url === 'string' ? servers[0].url.replace(/^[a-z]+:\/\/[^/]*/i, '') : '/api/v1';
  return { ...spec, servers: [{ url: `${origin}${basePath}`, description: 'This portal' }, ...servers] };
}

export default function SwaggerExplorer({ specUrl }: { specUrl: string }) {
  const [spec, setSpec] = useState<Spec | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(specUrl, { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<Spec>;
      })
      .then((loaded) => setSpec(withPortalServer(loaded, window.location.origin)))
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(reason instanceof Error ? reason.message : String(reason));
      });
    return () => controller.abort();
  }, [specUrl]);

  if (error) return <p role="alert">The spec could not be loaded ({error}).</p>;
  if (!spec) return <p className="muted">Loading the spec…</p>;
  return (
    <Frame>
      <SwaggerUI spec={spec} docExpansion="list" defaultModelsExpandDepth={0} deepLinking={false} persistAuthorization={false} tryItOutEnabled displayRequestDuration />
    </Frame>
  );
}
