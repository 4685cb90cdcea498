import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, withTimeout } from './chunk-timeout';

describe('withTimeout', () => {
  afterEach(() => vi.useRealTimers());
  it('resolves when the import finishes in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000)).resolves.toBe(7);
  });
  it('rejects with ChunkTimeoutError when the import takes longer', async () => {
    vi.useFakeTimers();
    const never = new Promise<number>(() => undefined);
    const p = withTimeout(never, 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(p).rejects.toBeInstanceOf(ChunkTimeoutError);
  });
  it('passes on the import failure', async () => {
    await expect(withTimeout(Promise.reject(new Error('404')), 1000)).rejects.toThrow('404');
  });
});
