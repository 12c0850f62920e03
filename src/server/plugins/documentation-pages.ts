/**
 * `/` and `/documentation?category&subcategory`: the page rendered at build time
 * (WEB_DIR/_prerendered/<variant>/<page>.html), so the reference is in the first response and paints before
 * any script runs; the app then hydrates it. For a signed-in user, the variant of the user's type with the
 * user's email, the portal's origin, the token expiry reminder and the chosen colour scheme written in.
 * Logged out, a redirect to /login before any HTML, unless the reference is public (PUBLIC_DOCS): then the
 * logged-out variant (no user, "Log in" in its place), with the origin, colour scheme and the portal's
 * settings written in (docs/decisions/038-logged-out-pages-rendered-at-build-time.md). A URL that names no
 * rendered page gets the app's index.html, and the client says what is wrong. Asked for `text/markdown`,
 * the same URL answers the page's Markdown (plugins/agent-docs-routes.ts); the HTML names it in a `Link`
 * header.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogue } from '../../generated/catalogue.ts';
import type { UserType } from '../../shared/api-family.ts';
import { pageKeyOf, resolvePage } from '../../shared/portal-data/links.ts';
import { pageMarkdownPath } from '../../shared/portal-data/agent-docs.ts';
import { loginPathFor } from '../../shared/portal-data/login-redirect.ts';
import { COLOR_MODE_COOKIE, LOGGED_OUT, PRERENDERED_DIR, REMINDER_DISMISSED_COOKIE, prerenderedPagePath } from '../../shared/portal-data/prerendered-pages.ts';
import { reminderText, tokensNeedingAttention } from '../../shared/portal-data/token-expiry.ts';
import { listTokenExpiries } from '../repositories/api-tokens-repository.ts';
import type { ServerContext } from '../context.ts';
import type { AgentDocsStore } from '../io/agent-docs-store.ts';
import { portalSettingsOf } from '../lib/portal-settings.ts';
import { fillPrerenderedPage } from '../lib/prerendered-page-fill.ts';
import { prefersMarkdown } from '../lib/prefers-markdown.ts';
import { markdownLink, markdownOf, sendMarkdown } from './agent-docs-routes.ts';
import { loadSession } from './session.ts';
import type { SendAppShell } from './static-files.ts';

function loadPages(webDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const root = join(webDir, PRERENDERED_DIR);
  if (!existsSync(root)) return pages;
  for (const userType of readdirSync(root)) {
    for (const file of readdirSync(join(root, userType))) {
      if (!file.endsWith('.html')) continue;
      const pageKey = file.slice(0, -'.html'.length);
      pages.set(prerenderedPagePath(userType, pageKey), readFileSync(join(root, userType, file), 'utf8'));
    }
  }
  return pages;
}

/** The page a documentation URL shows, as resolvePage (the app's own rule) decides it. */
function pageKeyOfQuery(query: URLSearchParams, userType: UserType | undefined): string | null {
  const resolution = resolvePage(catalogue.groups, query, userType);
  if (resolution.found) return pageKeyOf(resolution.page);
  // Reference data the catalogue does not list (a generated test spec) still has its page.
  return resolution.subcategory ? pageKeyOf({ category: resolution.category, subcategory: resolution.subcategory }) : null;
}

/** The user's token expiry reminder, as the app words it; null when none is due or it was dismissed today. */
async function reminderOf(ctx: ServerContext, request: FastifyRequest, userId: number): Promise<string | null> {
  if (request.cookies[REMINDER_DISMISSED_COOKIE] !== undefined) return null;
  const tokens = await listTokenExpiries(ctx.db, userId);
  return reminderText(tokensNeedingAttention(tokens.map((token) => ({ title: token.title, expiryDate: token.expires_at.toISOString() }))));
}

function colorModeOf(request: FastifyRequest): 'light' | 'dark' | null {
  const mode = request.cookies[COLOR_MODE_COOKIE];
  return mode === 'light' || mode === 'dark' ? mode : null;
}

export function registerDocumentationPages(
  app: FastifyInstance,
  ctx: ServerContext,
  options: { webDir: string; sendAppShell: SendAppShell; agentDocs: AgentDocsStore; restOfBuild?: Promise<void> },
): void {
  let pages = loadPages(options.webDir);
  const settings = portalSettingsOf(ctx.config);
  // On a first start the pages are rendered after listen (src/server/deferred-build.ts); until then the app renders them.
  options.restOfBuild?.then(
    () => {
      pages = loadPages(options.webDir);
    },
    () => undefined,
  );

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    void reply.header('vary', 'Accept');
    if (prefersMarkdown(request.headers.accept)) {
      const resolution = resolvePage(catalogue.groups, query);
      const text = resolution.found ? markdownOf(options.agentDocs, { kind: 'page', page: resolution.page }) : undefined;
      return sendMarkdown(ctx, request, reply, text);
    }
    const user = await loadSession(ctx, request);
    const resolution = resolvePage(catalogue.groups, query, user?.userType);
    if (user === undefined && !ctx.config.publicDocs) return reply.header('cache-control', 'no-store').redirect(loginPathFor(request.url), 302);
    if (resolution.found) void reply.header('link', markdownLink(pageMarkdownPath(resolution.page)));
    const pageKey = pageKeyOfQuery(query, user?.userType);
    const template = pageKey === null ? undefined : pages.get(prerenderedPagePath(user?.userType ?? LOGGED_OUT, pageKey));
    const origin = ctx.publicOrigin.value;
    if (template === undefined || pageKey === null) return options.sendAppShell(request, reply);
    if (user === undefined) {
      const html = fillPrerenderedPage(template, { user: null, origin, page: pageKey, colorMode: colorModeOf(request), reminder: null, settings });
      // Nothing personal in it, but the same URL answers a signed-in reader with their own page: no shared cache keeps it.
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'private, no-cache').send(html);
    }
    const html = fillPrerenderedPage(template, {
      user: { email: user.email, userType: user.userType },
      origin,
      page: pageKey,
      colorMode: colorModeOf(request),
      reminder: await reminderOf(ctx, request, user.userId),
    });
    // The user's email is in it: never stored by a browser cache or a proxy.
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
  };

  app.get('/', answer);
  app.get('/documentation', answer);
}
