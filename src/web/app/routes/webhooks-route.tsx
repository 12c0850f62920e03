/** /webhooks: the webhooks feature's screen (endpoints, delivery log, signature checker). */
import { WebhooksScreen } from '../../features/webhooks/components/webhooks-screen';

export function Component() {
  return <WebhooksScreen />;
}
