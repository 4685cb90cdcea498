import { describe, expect, it } from 'vitest';
import { zoned } from './format';

describe('zoned (chat transcript times)', () => {
  it("shows the branch zone's wall time, and the instant as sent when the zone or time cannot be read", () => {
    expect(zoned('2025-07-16T06:05:09Z', 'Europe/Tirane')).toBe('2025-07-16 08:05:09');
    expect(zoned('2025-07-16T06:05:09Z', null)).toBe('2025-07-16 06:05:09');
    expect(zoned('2025-07-16T06:05:09Z', 'Mars/Olympus')).toBe('2025-07-16T06:05:09Z');
    expect(zoned('not a time', 'UTC')).toBe('not a time');
  });
});
