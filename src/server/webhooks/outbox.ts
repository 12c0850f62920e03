// Placeholder until the delivery branch lands: same signature as its outbox.
import type { Transaction } from '../db/database.ts';
import type { TokenEnvironment } from '../../shared/token-environment.ts';
import type { components } from '../../generated/api.d.ts';

export interface ResourceEvent {
  accountId: number;
  environment: TokenEnvironment;
  type: components['schemas']['WebhookEventType'];
  resourceId: number;
  resourcePath: string;
  changes: Record<string, { previous: string | number; current: string | number }>;
  time: Date;
}

export async function recordEvents(_tx: Transaction, events: ResourceEvent[]): Promise<number> {
  return Promise.resolve(events.length * 0);
}
