/** /activity: the activity feature's screen (what happened to the account, from where). */
import { ActivityScreen } from '../../features/activity/components/activity-screen';

export function Component() {
  return <ActivityScreen />;
}
