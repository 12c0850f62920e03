/**
 * /webhooks: the account's endpoints, the delivery log and the signature checker. A test event or a replay
 * makes the log watch for the new attempt; "Check signature" on a delivery carries its payload and id down
 * to the checker and moves there.
 */
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { familyOfUserType } from '../../../../shared/api-family';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { reveal } from '../../../lib/reveal';
import { useLiveTokens } from '../../../lib/use-live-tokens';
import { DeliveryLog } from './delivery-log';
import { EndpointsSection } from './endpoints-section';
import { CHECKER_HEADING_ID, SignatureChecker, type CheckerPrefill } from './signature-checker';

export function WebhooksScreen() {
  const user = useCurrentUser();
  const family = familyOfUserType(user.data?.userType ?? 'SELLER');
  const liveTokens = useLiveTokens();
  const [lastActionAt, setLastActionAt] = useState<number | null>(null);
  const [prefill, setPrefill] = useState<{ key: number; value: CheckerPrefill } | null>(null);
  const queued = () => setLastActionAt(Date.now());

  return (
    <Stack spacing={4}>
      <PageHeader
        title="Webhooks"
        description="Your server hears of changes as they happen: each event is POSTed to your endpoints, signed, and retried until it is answered."
      />
      <EndpointsSection family={family} liveTokens={liveTokens} onQueued={queued} />
      <DeliveryLog
        family={family}
        lastActionAt={lastActionAt}
        onQueued={queued}
        onCheckSignature={(delivery) => {
          setPrefill((now) => ({ key: (now?.key ?? 0) + 1, value: { payload: delivery.payload, id: delivery.eventId, endpointId: delivery.endpointId } }));
          // After the dialog has closed and the checker has taken the values.
          window.setTimeout(() => {
            const heading = document.getElementById(CHECKER_HEADING_ID);
            reveal(heading);
            heading?.focus({ preventScroll: true });
          }, 0);
        }}
      />
      <SignatureChecker key={prefill?.key ?? 0} prefill={prefill?.value ?? null} />
    </Stack>
  );
}
