/**
 * Gives the C allocator's free memory back to the operating system (issue 20, memory;
 * docs/OPERATIONS.md "Memory of the embedded database").
 *
 * V8's compilers (TurboFan optimising the embedded database's wasm and the server's JavaScript)
 * take their working memory from the C allocator on V8's background threads and free it when a
 * compilation ends. glibc's malloc keeps freed memory in its per-thread arenas and hands back only
 * what lies at the top of an arena, so most of it stayed in the server's RSS for good: with the
 * demo data on the embedded database, ~50 MB of a ~310 MB RSS at rest was free memory held by the
 * arenas. glibc's `malloc_trim(0)` returns the free pages of every arena (the middle of an arena
 * too: madvise DONTNEED) without moving anything that is in use; nothing else changes, and the
 * next allocation that needs the pages takes them back from the kernel.
 *
 * It is called through koffi (a foreign function interface with prebuilt binaries, so nothing is
 * compiled at install) on Linux with glibc only; elsewhere (musl, macOS, Windows, or koffi not
 * loadable) there is nothing to call and the server runs as before.
 */
import os from 'node:os';

/** Returns the free memory of every malloc arena to the kernel; true when some was returned. */
export type TrimMemory = () => boolean;

/**
 * glibc's malloc_trim(0) as a function, or undefined where there is none (not Linux, not glibc,
 * koffi missing or refused by the platform). Loads koffi on first call; never throws.
 */
export async function loadMallocTrim(): Promise<TrimMemory | undefined> {
  if (os.platform() !== 'linux') return undefined;
  try {
    const { default: koffi } = await import('koffi');
    // musl has no libc.so.6: load() throws and there is nothing to trim.
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => trim(0) === 1;
  } catch {
    return undefined;
  }
}

/** A running periodic trim (startMemoryTrim). */
export interface MemoryTrim {
  /** Trims at once; the time it took, ms. */
  trimNow(): number;
  /** Stops the timer. */
  stop(): void;
}

/**
 * Trims now and then every `intervalMs` (an unref'd timer: it never keeps the process alive).
 * A trim takes a few milliseconds of the main thread with tens of MB to return (it walks each
 * arena's free chunks under that arena's lock), so the period is seconds, not milliseconds.
 * `onTrim(ms, returned)` hears each run (metrics, logs).
 */
export function startMemoryTrim(trim: TrimMemory, intervalMs: number, onTrim?: (ms: number, returned: boolean) => void): MemoryTrim {
  const trimNow = () => {
    const started = performance.now();
    const returned = trim();
    const ms = performance.now() - started;
    onTrim?.(ms, returned);
    return ms;
  };
  trimNow();
  const timer = setInterval(trimNow, intervalMs);
  timer.unref();
  return { trimNow, stop: () => clearInterval(timer) };
}
