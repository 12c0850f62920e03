/** /activity: the activity feature's screen (what happened to the account, from where). */
import { brand } from '../../../generated/brand';
import { screens, screenTitle } from '../../../shared/portal-data/screens';
import { ActivityScreen } from '../../features/activity/components/activity-screen';

export function Component() {
  return (
    <>
      <title>{screenTitle(screens.activity.title, brand.name)}</title>
      <ActivityScreen />
    </>
  );
}
