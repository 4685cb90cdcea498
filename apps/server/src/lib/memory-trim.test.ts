import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadMallocTrim, startMemoryTrim } from './memory-trim.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const glibc =
  os.platform() === 'linux' &&
  Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

/**
 * In a process of its own (so no other test's memory moves its RSS): fills the C allocator with
 * 4,000 buffers of 60 kB, frees every other one (120 MB of holes the allocator keeps), then trims.
 * Prints the anonymous RSS, MB, after the frees and after the trim.
 */
const SCRIPT = `
import fs from 'node:fs';
import { loadMallocTrim } from ${JSON.stringify(path.join(here, 'memory-trim.ts'))};
const rss = () => Number(/RssAnon:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
const trim = await loadMallocTrim();
const keep = [];
let drop = [];
for (let i = 0; i < 4000; i++) (i % 2 ? keep : drop).push(new Uint8Array(new ArrayBuffer(60_000)).fill(1));
drop = null;
globalThis.gc();
await new Promise((r) => setTimeout(r, 50));
globalThis.gc();
const before = rss();
const returned = trim();
console.log(JSON.stringify({ before, after: rss(), returned, kept: keep.length }));
`;

describe('memory trim', () => {
  it.runIf(glibc)(
    'gives the free memory the C allocator keeps back to the system (Linux, glibc)',
    async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
        {
          cwd: here,
        },
      );
      const r = JSON.parse(stdout.trim()) as { before: number; after: number; returned: boolean; kept: number };
      expect(r.returned).toBe(true);
      expect(r.kept).toBe(2000);
      // 120 MB of holes: without the trim the RSS stays where it is.
      expect(r.before - r.after).toBeGreaterThan(60);
    },
    30_000,
  );

  it.runIf(glibc)('finds malloc_trim on Linux with glibc', async () => {
    expect(typeof (await loadMallocTrim())).toBe('function');
  });

  it('trims at once, then every interval, until stopped', async () => {
    let calls = 0;
    const heard: boolean[] = [];
    const trim = startMemoryTrim(
      () => {
        calls++;
        return calls % 2 === 1;
      },
      20,
      (ms, returned) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        heard.push(returned);
      },
    );
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 110));
    trim.stop();
    const atStop = calls;
    expect(atStop).toBeGreaterThanOrEqual(3);
    expect(heard.slice(0, 3)).toEqual([true, false, true]);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toBe(atStop);
    expect(trim.trimNow()).toBeGreaterThanOrEqual(0);
    expect(calls).toBe(atStop + 1);
  });
});
