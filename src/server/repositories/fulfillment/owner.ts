/**
 * Whose data a public request may read: a seller token reads rows of its seller account, a warehouse
 * token rows addressed to the warehouse its account runs. Each owner has its own list position column.
 */
import type { ApiPrincipal } from '../../lib/api-principal.ts';

export interface Owner {
  column: 'seller_id' | 'warehouse_id';
  seqColumn: 'seller_seq' | 'warehouse_seq';
  id: number;
}

export function ownerOf(principal: ApiPrincipal): Owner {
  return principal.userType === 'SELLER'
    ? { column: 'seller_id', seqColumn: 'seller_seq', id: principal.userId }
    : // A warehouse account without a warehouse owns nothing: id 0 matches no row.
      { column: 'warehouse_id', seqColumn: 'warehouse_seq', id: principal.warehouseId ?? 0 };
}
