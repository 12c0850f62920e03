/** /usage: the usage feature's screen (request log and charts of the user's own calls). */
import { brand } from '../../../generated/brand';
import { screens, screenTitle } from '../../../shared/portal-data/screens';
import { UsageScreen } from '../../features/usage/components/usage-screen';

export function Component() {
  return (
    <>
      <title>{screenTitle(screens.usage.title, brand.name)}</title>
      <UsageScreen />
    </>
  );
}
