import { describe, expect, it, vi } from 'vitest';
import { atOnce, FALLBACK_MS, frameBatch, nextFrame, throttledFrames, type FlushScheduler } from './frame-batch';

/** A scheduler the test fires by hand. */
function manual() {
  const pending: (() => void)[] = [];
  const schedule: FlushScheduler = (flush) => {
    pending.push(flush);
    return () => pending.splice(pending.indexOf(flush) >>> 0, 1);
  };
  return { schedule, fire: () => pending.splice(0).forEach((f) => f()), count: () => pending.length };
}

describe('frameBatch', () => {
  it('hands every item of a frame over once, in arrival order, with one scheduled flush', () => {
    const m = manual();
    const apply = vi.fn();
    const b = frameBatch<number>(apply, m.schedule);
    b.push(1);
    b.push(2);
    b.push(3);
    expect(m.count()).toBe(1);
    expect(apply).not.toHaveBeenCalled();
    m.fire();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith([1, 2, 3]);
    b.push(4);
    m.fire();
    expect(apply).toHaveBeenLastCalledWith([4]);
  });

  it('flush applies at once and a later scheduled flush finds nothing; cancel drops no item', () => {
    const m = manual();
    const apply = vi.fn();
    const b = frameBatch<string>(apply, m.schedule);
    b.push('a');
    b.flush();
    expect(apply).toHaveBeenCalledWith(['a']);
    expect(m.count()).toBe(0);
    b.push('b');
    b.cancel();
    expect(m.count()).toBe(0);
    b.push('c');
    m.fire();
    expect(apply).toHaveBeenLastCalledWith(['b', 'c']);
  });

  it('a failing apply is logged and the batch is consumed', () => {
    const m = manual();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const b = frameBatch<number>(() => {
      throw new Error('boom');
    }, m.schedule);
    b.push(1);
    m.fire();
    expect(error).toHaveBeenCalled();
    const apply = vi.fn();
    const c = frameBatch<number>(apply, m.schedule);
    c.push(2);
    m.fire();
    expect(apply).toHaveBeenCalledWith([2]);
    error.mockRestore();
  });

  it('falls back to a timer without animation frames', async () => {
    vi.useFakeTimers();
    try {
      const apply = vi.fn();
      const b = frameBatch<number>(apply);
      b.push(1);
      await vi.advanceTimersByTimeAsync(150);
      expect(apply).toHaveBeenCalledWith([1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a scheduler that flushes at once (throttledFrames over it): the first item goes straight through, a burst waits, nothing is lost', async () => {
    vi.useFakeTimers();
    try {
      let clock = 0;
      const apply = vi.fn();
      const b = frameBatch<number>(
        apply,
        throttledFrames(500, atOnce, () => clock),
      );
      b.push(1);
      expect(apply).toHaveBeenLastCalledWith([1]);
      clock += 100;
      b.push(2);
      b.push(3);
      expect(apply).toHaveBeenCalledTimes(1);
      clock += 400;
      await vi.advanceTimersByTimeAsync(400);
      expect(apply).toHaveBeenCalledTimes(2);
      expect(apply).toHaveBeenLastCalledWith([2, 3]);
      clock += 1_000;
      b.push(4);
      expect(apply).toHaveBeenLastCalledWith([4]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('applies in a task of its own queued at the animation frame, not inside the frame; cancel stops it there too', async () => {
    vi.useFakeTimers();
    const frames = new Map<number, FrameRequestCallback>();
    let nextId = 1;
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      frames.set(nextId, cb);
      return nextId++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    /** Runs the callbacks of this frame. */
    const runFrame = () => {
      const due = [...frames.values()];
      frames.clear();
      for (const cb of due) cb(0);
    };
    try {
      const apply = vi.fn();
      const b = frameBatch<number>(apply, nextFrame);
      b.push(1);
      b.push(2);
      expect(frames.size).toBe(1);
      runFrame();
      // The frame only queued the task: the frame's own work (the map, style, layout, paint) runs without it.
      expect(apply).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(0);
      expect(apply).toHaveBeenCalledTimes(1);
      expect(apply).toHaveBeenCalledWith([1, 2]);
      // Neither the fallback timer nor a later frame applies it again.
      await vi.advanceTimersByTimeAsync(FALLBACK_MS * 2);
      runFrame();
      expect(apply).toHaveBeenCalledTimes(1);

      // Cancelled between the frame and its task: nothing applied, nothing dropped.
      b.push(3);
      runFrame();
      b.cancel();
      await vi.advanceTimersByTimeAsync(FALLBACK_MS * 2);
      expect(apply).toHaveBeenCalledTimes(1);
      b.flush();
      expect(apply).toHaveBeenLastCalledWith([3]);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('throttled: a lone item goes at the next frame; a burst is applied at most once per interval, nothing dropped', async () => {
    vi.useFakeTimers();
    try {
      const m = manual();
      let clock = 1_000;
      const apply = vi.fn();
      const b = frameBatch<number>(
        apply,
        throttledFrames(100, m.schedule, () => clock),
      );
      // A lone event: the next frame, no wait.
      b.push(1);
      expect(m.count()).toBe(1);
      m.fire();
      expect(apply).toHaveBeenLastCalledWith([1]);
      // 16 ms later, a burst: no frame is asked for until 100 ms after the last flush.
      clock += 16;
      b.push(2);
      b.push(3);
      expect(m.count()).toBe(0);
      clock += 50;
      await vi.advanceTimersByTimeAsync(50);
      b.push(4);
      expect(m.count()).toBe(0);
      expect(apply).toHaveBeenCalledTimes(1);
      clock += 34;
      await vi.advanceTimersByTimeAsync(34);
      expect(m.count()).toBe(1);
      m.fire();
      expect(apply).toHaveBeenCalledTimes(2);
      expect(apply).toHaveBeenLastCalledWith([2, 3, 4]);
      // Quiet for longer than the interval: the next lone event goes at the next frame again.
      clock += 500;
      b.push(5);
      expect(m.count()).toBe(1);
      m.fire();
      expect(apply).toHaveBeenLastCalledWith([5]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('throttled: cancel stops the wait and the frame; flush applies at once', async () => {
    vi.useFakeTimers();
    try {
      const m = manual();
      let clock = 0;
      const apply = vi.fn();
      const b = frameBatch<number>(
        apply,
        throttledFrames(100, m.schedule, () => clock),
      );
      b.push(1);
      m.fire();
      b.push(2);
      b.cancel();
      clock += 200;
      await vi.advanceTimersByTimeAsync(200);
      expect(m.count()).toBe(0);
      expect(apply).toHaveBeenCalledTimes(1);
      b.flush();
      expect(apply).toHaveBeenLastCalledWith([2]);
    } finally {
      vi.useRealTimers();
    }
  });
});
