/**
 * A sandbox simulation (advanceSellerNormalOrder, changeSellerProductStock, ...): a POST of the public API
 * with the chosen sandbox token in the brand's token header, through the app's one client. Answers what
 * changed (before and after) and how many webhook deliveries it queued.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { brand } from '../../../../generated/brand';
import type { CatalogueOperation } from '../../../../shared/portal-data/catalogue';
import { apiClient, PUBLIC_API_BASE, unwrap } from '../../../lib/api-client';
import { webhookAttemptsQueryKey } from '../../../lib/webhook-query-keys';
import { simulationPath } from '../lib/simulations';

export type SimulationResult = components['schemas']['SimulationResult'];

export interface SimulationRequest {
  operation: CatalogueOperation;
  id: number;
  token: string;
  /** The simulation's body fields (`quantityChange`), when it takes any. */
  body: Record<string, number> | undefined;
}

type DynamicPost = (
  path: string,
  init: { baseUrl: string; headers: Record<string, string>; body?: Record<string, number> },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export async function runSimulation(request: SimulationRequest): Promise<SimulationResult> {
  const post = apiClient.POST as unknown as DynamicPost;
  const result = await post(simulationPath(request.operation, request.id), {
    baseUrl: PUBLIC_API_BASE,
    headers: { [brand.apiTokenHeader]: request.token },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return unwrap(result) as SimulationResult;
}

export function useRunSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSimulation,
    // The targets' statuses moved; the deliveries it queued belong in the log.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['simulation-targets'] }), queryClient.invalidateQueries({ queryKey: webhookAttemptsQueryKey })]),
  });
}
