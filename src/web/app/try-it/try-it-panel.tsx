/**
 * What a reference page's "Try it" panel holds: the API tester's form and answer for the operation, then the
 * usage feature's list of the user's recent calls to it. Composed here, where features meet; loaded as its
 * own chunk on the first "Try it" (./try-it-source.ts).
 */
import { familyOfUserType } from '../../../shared/api-family';
import { TryItTester } from '../../features/api-tester/components/try-it-tester';
import { RecentCalls } from '../../features/usage/components/recent-calls';
import { useApiTokens } from '../../lib/api-tokens';
import { useCurrentUser } from '../../lib/current-user';
import { catalogueOperations } from '../../lib/operation-map';
import type { TryItPanelProps } from '../../lib/try-it-panel';

export default function TryItPanel({ operationId, values }: TryItPanelProps) {
  const user = useCurrentUser();
  const tokens = useApiTokens();
  const operation = catalogueOperations.byId.get(operationId);
  if (!operation) return null;
  return (
    <TryItTester operation={operation} initialValues={values} userFamily={familyOfUserType(user.data?.userType ?? 'SELLER')} tokens={tokens.data}>
      <RecentCalls operationId={operationId} />
    </TryItTester>
  );
}
