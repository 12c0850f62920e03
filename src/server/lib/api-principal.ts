/** Whom a public API request acts for, once its token is verified (plugins/api-token-auth.ts sets it). */
import type { UserType } from '../../shared/api-family.ts';

export interface ApiPrincipal {
  tokenId: number;
  userId: number;
  userType: UserType;
  /** The warehouse a WAREHOUSE account runs; null for sellers. */
  warehouseId: number | null;
}
