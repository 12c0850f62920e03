/**
 * The whole public spec in Swagger UI (`swagger-ui-react`, rendered by the portal's own React). Loaded only
 * on /documentation/explorer: this module and Swagger UI are their own chunk. The spec is the exported
 * public one, pointed at this portal's origin (lib/explorer-spec.ts) so "Try it out" calls this API (same
 * origin, allowed by the CSP) with the token the user enters under Authorize. Authorization is not persisted.
 */
import { useEffect, useState } from 'react';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { styled, useColorScheme } from '@mui/material/styles';
import { withPortalServer } from '../lib/explorer-spec';

/**
 * Swagger UI inside the portal's card, in the portal's colours. Its own dark mode (Swagger UI 5: a
 * `dark-mode` class on <html>) is switched with the portal's scheme; the rest is fitted here: the panel
 * takes the page's background, and at phone widths nothing is wider than the screen.
 */
const Frame = styled('div')(({ theme }) => {
  const v = theme.vars ?? theme;
  return {
    background: v.palette.background.paper,
    color: v.palette.text.primary,
    borderRadius: theme.shape.borderRadius,
    border: `1px solid ${v.palette.divider}`,
    padding: theme.spacing(1, 0),
    minWidth: 0,
    // break-word, not anywhere: it keeps the tables' natural column widths on wide screens.
    overflowWrap: 'break-word',
    // Stronger than Swagger UI's `html.dark-mode .swagger-ui` so the card keeps the portal's paper colour.
    'html.dark-mode & .swagger-ui, & .swagger-ui': { background: 'transparent' },
    '.swagger-ui .info': { margin: '24px 0' },
    '.swagger-ui .scheme-container': { boxShadow: 'none', padding: '12px 0', background: 'transparent' },
    '.swagger-ui .wrapper': { boxSizing: 'border-box', maxWidth: '100%' },
    '.swagger-ui select, .swagger-ui input[type=text], .swagger-ui textarea': { maxWidth: '100%' },
    '.swagger-ui .servers > label, .swagger-ui .servers > label select': { maxWidth: '100%', minWidth: 0 },
    '.swagger-ui pre, .swagger-ui .highlight-code, .swagger-ui .microlight': { maxWidth: '100%', overflowX: 'auto' },
    '.swagger-ui .opblock-tag': { flexWrap: 'wrap', rowGap: 4 },
    '.swagger-ui .opblock-tag small': { minWidth: 0 },
    '.swagger-ui .opblock .opblock-summary': { flexWrap: 'wrap', minWidth: 0 },
    '.swagger-ui .opblock .opblock-summary-path': { minWidth: 0, wordBreak: 'break-all' },
    [theme.breakpoints.down('sm')]: {
      '.swagger-ui .wrapper': { padding: theme.spacing(0, 1.5) },
      '.swagger-ui .info .title': { fontSize: '1.75rem' },
      '.swagger-ui .opblock-tag': { padding: theme.spacing(1, 0) },
      '.swagger-ui .opblock-tag small': { flex: '1 1 100%', padding: 0, order: 3 },
      '.swagger-ui .opblock .opblock-summary-description': { flex: '1 1 100%', padding: theme.spacing(0, 0.5) },
      // Fixed columns so long names and descriptions wrap inside the screen instead of widening the table.
      '.swagger-ui table': { tableLayout: 'fixed', width: '100%' },
      '.swagger-ui .parameters-col_name': { width: '35%' },
      '.swagger-ui .responses-table td, .swagger-ui .parameters td': { minWidth: 0, overflowWrap: 'anywhere' },
      '.swagger-ui .col_header.response-col_status, .swagger-ui .response-col_status': { width: '25%' },
      '.swagger-ui .parameter__name, .swagger-ui .parameter__type': { overflowWrap: 'anywhere' },
      // The spec declares no response links: the empty "Links" column only squeezes the others.
      '.swagger-ui .response-col_links': { display: 'none' },
      // Copy and Download float over the code's last lines at any width; on a phone those lines are
      // the answer itself, so the buttons go below the code, right-aligned, in the flow.
      '.swagger-ui .highlight-code': { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: theme.spacing(1) },
      '.swagger-ui .highlight-code > .microlight': { flex: '1 1 100%', order: -1, minWidth: 0 },
      '.swagger-ui .highlight-code > .copy-to-clipboard, .swagger-ui .highlight-code > .download-contents': { position: 'static' },
    },
  };
});

/** Swagger UI 5's own dark mode follows the portal's colour scheme while the explorer is open. */
function useSwaggerDarkMode(): void {
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === 'system' || !mode ? systemMode : mode) === 'dark';
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark-mode', dark);
    return () => root.classList.remove('dark-mode');
  }, [dark]);
}

type Spec = Record<string, unknown>;

export default function SwaggerExplorer({ specUrl }: { specUrl: string }) {
  const [spec, setSpec] = useState<Spec | null>(null);
  const [error, setError] = useState<string | null>(null);
  useSwaggerDarkMode();

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
      <SwaggerUI
        spec={spec}
        docExpansion="list"
        defaultModelsExpandDepth={0}
        deepLinking={false}
        persistAuthorization={false}
        tryItOutEnabled
        displayRequestDuration
      />
    </Frame>
  );
}
