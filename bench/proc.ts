/**
 * What the benchmarks read of a process and of a download (Linux /proc): resident memory, CPU
 * time, and a streamed response's size, lines and time to first byte.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/** VmRSS (now) and VmHWM (peak since start or the last reset) of a process, in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** User + system CPU time a process has used so far, in seconds (clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Reads a streamed response to its end: bytes, line feeds, and ms from `startedAt` to the first chunk. */
export async function readDownload(res: Response, startedAt: number): Promise<{ bytes: number; lines: number; firstByteMs: number }> {
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!bytes) firstByteMs = performance.now() - startedAt;
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  return { bytes, lines, firstByteMs };
}

/**
 * This network namespace's UDP counters (/proc/net/snmp): datagrams received, and those the kernel
 * dropped because a socket's receive buffer was full (RcvbufErrors) — a receiver that did not read
 * its socket in time, not the network.
 */
export function udpCounters(): { inDatagrams: number; rcvbufErrors: number } {
  const lines = fs
    .readFileSync('/proc/net/snmp', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('Udp:'));
  const names = lines[0]!.split(/\s+/);
  const values = lines[1]!.split(/\s+/).map(Number);
  const get = (k: string) => values[names.indexOf(k)] ?? NaN;
  return { inDatagrams: get('InDatagrams'), rcvbufErrors: get('RcvbufErrors') };
}

/**
 * Datagrams the kernel dropped on the UDP sockets of process `pid` (full receive buffer; the
 * `drops` column of /proc/net/udp and udp6 for the socket inodes among its open files), summed
 * over its sockets open now, since each was opened.
 */
export function udpSocketDrops(pid: number): { sockets: number; drops: number } {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = fs.readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/);
      if (m) inodes.add(m[1]!);
    } catch {
      /* closed meanwhile */
    }
  }
  let sockets = 0;
  let drops = 0;
  for (const table of ['/proc/net/udp', '/proc/net/udp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 13 || !inodes.has(f[9]!)) continue;
      sockets++;
      drops += Number(f[12]);
    }
  }
  return { sockets, drops };
}
