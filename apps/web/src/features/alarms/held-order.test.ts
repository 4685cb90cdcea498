import { describe, expect, it } from 'vitest';
import { heldOrder } from './held-order';

const a = (id: number) => ({ notificationId: id });

describe('heldOrder', () => {
  it('shows the sorted list when nothing is held', () => {
    expect(heldOrder([a(3), a(1)], null)).toEqual({ list: [a(3), a(1)], added: 0 });
  });

  it('keeps the held places even when sorting would move a row, and puts new alarms below', () => {
    // Held as 1, 2, 3; then 1 was acknowledged (sorted last) and 9 arrived (sorted first).
    const sorted = [a(9), a(2), a(3), a(1)];
    expect(heldOrder(sorted, [1, 2, 3])).toEqual({ list: [a(1), a(2), a(3), a(9)], added: 1 });
  });

  it('drops held alarms that left the list', () => {
    expect(heldOrder([a(2)], [1, 2])).toEqual({ list: [a(2)], added: 0 });
  });
});
