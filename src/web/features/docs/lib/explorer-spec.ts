/**
 * The spec Swagger UI shows on /documentation/explorer, pointed at this portal: its own `/api/v1` is the
 * first server, so "Try it out" calls the same origin, and every address under the spec's example host (the
 * introduction's curl, the examples) names this portal instead, as the reference's code samples do.
 */

type Spec = Record<string, unknown>;

interface Server {
  url?: unknown;
  variables?: Record<string, { default?: unknown }>;
}

/** `https://{host}/api/v1` with each variable at its default: `https://api.acme.example/api/v1`. */
function concreteUrl(server: Server): string | undefined {
  if (typeof server.url !== 'string') return undefined;
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = server.variables?.[name]?.default;
    return typeof value === 'string' ? value : whole;
  });
}

export function withPortalServer(spec: Spec, origin: string): Spec {
  const servers = Array.isArray(spec.servers) ? (spec.servers as Server[]) : [];
  const first = servers[0] ?? {};
  const basePath = typeof first.url === 'string' ? first.url.replace(/^[a-z]+:\/\/[^/]*/i, '') : '/api/v1';
  const exampleBase = concreteUrl(first);
  const own = `${origin}${basePath}`;
  // Replaced in the serialised spec, then parsed back: it reaches every description and example at once.
  const here = exampleBase && /^https?:\/\/[^{}]+$/.test(exampleBase) ? (JSON.parse(JSON.stringify(spec).replaceAll(exampleBase, own)) as Spec) : spec;
  return { ...here, servers: [{ url: own, description: 'This portal' }, ...servers] };
}
