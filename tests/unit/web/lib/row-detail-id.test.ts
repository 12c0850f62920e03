import { describe, expect, it } from 'vitest';
import { isRowIdField, rowDetailId } from '../../../../src/web/lib/row-detail-id';

describe('rowDetailId', () => {
  it('opens the field at the row-id path when it holds a whole number', () => {
    expect(rowDetailId(['id'], 5, ['id'])).toBe('5');
    expect(rowDetailId(['import', 'id'], '58', ['import', 'id'])).toBe('58');
  });

  it('opens nothing elsewhere or for other values', () => {
    expect(rowDetailId(['quotation', 'id'], 31, ['import', 'id'])).toBeUndefined();
    expect(rowDetailId(['id'], 5, ['import', 'id'])).toBeUndefined();
    expect(rowDetailId(['id'], -1, ['id'])).toBeUndefined();
    expect(rowDetailId(['id'], 1.5, ['id'])).toBeUndefined();
    expect(rowDetailId(['id'], 'A-1', ['id'])).toBeUndefined();
    expect(isRowIdField(['import'], ['import', 'id'])).toBe(false);
  });
});
