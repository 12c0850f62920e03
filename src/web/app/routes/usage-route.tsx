/** /usage: the usage feature's screen (request log and charts of the user's own calls). */
import { brand } from '../../../generated/brand';
import { UsageScreen } from '../../features/usage/components/usage-screen';
import { PageTitle } from '../../components/page-title';

export function Component() {
  return (
    <>
      <PageTitle>{`Usage · ${brand.name} Developer Portal`}</PageTitle>
      <UsageScreen />
    </>
  );
}
