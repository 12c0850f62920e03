import { FAMILY, familyOfUserType, type UserType } from '../../../../shared/api-family';

/** Human labels for the spec's user types (SELLER, WAREHOUSE). */
export function userTypeLabel(userType: UserType): string {
  return FAMILY[familyOfUserType(userType)].userTypeLabel;
}
