/**
 * The delivery log's query key, shared by the Webhooks screen (which reads the log) and the Simulate panel
 * (whose simulations queue deliveries), so a simulation refreshes a log already in the cache.
 */
export const webhookAttemptsQueryKey = ['webhook-attempts'] as const;
