/** The demo accounts (README "Demo accounts"). The first two are the ones the portal's docs name. */
import type { UserType } from '../../../shared/api-family.ts';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  id: number;
  email: string;
  userType: UserType;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { id: 1, email: 'seller@example.com', userType: 'SELLER' },
  { id: 2, email: 'warehouse@example.com', userType: 'WAREHOUSE' },
  // A second account of each type, so every list shows data scoped to its owner.
  { id: 3, email: 'seller2@example.com', userType: 'SELLER' },
  { id: 4, email: 'warehouse2@example.com', userType: 'WAREHOUSE' },
];
