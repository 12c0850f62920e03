/** /usage: the usage feature's screen (request log and charts of the user's own calls). */
import { brand } from '../../../generated/brand';
import { UsageScreen } from '../../features/usage/components/usage-screen';

export function Component() {
  return (
    <>
      <title>{`Usage · ${brand.name} Developer Portal`}</title>
      <UsageScreen />
    </>
  );
}
