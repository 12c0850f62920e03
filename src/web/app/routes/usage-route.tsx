/** /usage: the usage feature's screen (request log and charts of the user's own calls). */
import { UsageScreen } from '../../features/usage/components/usage-screen';

export function Component() {
  return <UsageScreen />;
}
