/** Human labels for the spec's user types (SELLER, WAREHOUSE). */
export function userTypeLabel(userType: string): string {
  if (userType === 'SELLER') return 'Seller';
  if (userType === 'WAREHOUSE') return 'Warehouse';
  return userType;
}
