/**
 * Every operation's handler, keyed by operationId. The return type requires a handler for each operation in
 * the spec, so a missing one fails the typecheck. The public operations' handlers come from the public call's
 * folder (public-api/handlers.ts, one per entry of its data source); the portal's session and token
 * operations hold their own logic here.
 */
import type { ServerContext } from '../context.ts';
import { publicHandlers } from '../public-api/handlers.ts';
import { sandboxSource } from '../public-api/sandbox-source.ts';
import { simulationHandlers } from '../public-api/simulations/simulation-handlers.ts';
import { familyEventShapes } from '../resource-changes/family-events.ts';
import type { OpenApiDocument } from '../spec/openapi-document.ts';
import type { HandlerMap } from '../spec/operation-handler.ts';
import { activityHandlers } from './portal-activity/handlers.ts';
import { oidcHandlers } from './portal-oidc/handlers.ts';
import { sessionHandlers } from './portal-session/handlers.ts';
import { sessionListHandlers } from './portal-session/sessions-handlers.ts';
import { tokenHandlers } from './portal-tokens/handlers.ts';
import { leakNoticeHandlers } from './portal-tokens/leak-notice-handlers.ts';
import { providerEventHandlers } from './provider-events/handlers.ts';
import { resourceChangeHandlers } from './provider-events/resource-change-handler.ts';
import { checkHandlers } from './provider-gateway/check-handler.ts';
import { discoveryHandlers } from './provider-gateway/discovery-handlers.ts';
import { introspectionHandlers } from './provider-gateway/introspection-handler.ts';
import { sandboxResetHandlers } from './portal-tokens/sandbox-reset-handler.ts';
import { secretScanningHandlers } from './secret-scanning/handlers.ts';
import { usageHandlers } from './portal-usage/handlers.ts';
import { deliveryHandlers } from './portal-webhooks/delivery-handlers.ts';
import { endpointHandlers } from './portal-webhooks/endpoint-handlers.ts';

export function createHandlers(ctx: ServerContext, spec: OpenApiDocument): HandlerMap {
  const eventShapes = familyEventShapes(spec);
  return {
    ...sessionHandlers(ctx),
    ...sessionListHandlers(ctx),
    ...oidcHandlers(ctx),
    ...activityHandlers(ctx),
    ...tokenHandlers(ctx),
    ...usageHandlers(ctx),
    ...leakNoticeHandlers(ctx),
    ...secretScanningHandlers(ctx),
    ...providerEventHandlers(ctx),
    ...resourceChangeHandlers(ctx, eventShapes),
    ...sandboxResetHandlers(ctx),
    ...checkHandlers(ctx, spec),
    ...introspectionHandlers(ctx),
    ...discoveryHandlers(ctx),
    ...endpointHandlers(ctx),
    ...deliveryHandlers(ctx, spec),

    ...publicHandlers(ctx, sandboxSource),
    ...simulationHandlers(ctx, eventShapes),
  };
}
