/**
 * How fast this machine is at the three things the benchmarks' figures rest on, measured in about
 * a second (issue 20: the figures moved with the machine more than with the code from one session's
 * machine to the next, so every bench prints these beside its own figures):
 * - **JavaScript**: a fixed loop of 3·10⁷ steps, ms (best of three): plain CPU speed;
 * - **system call**: `fstat` of an open file (the Node binary), µs per call (mean of 50,000): the kernel entry and exit,
 *   dearer with page-table isolation or in a virtual machine (after 10,000 to warm up);
 * - **loopback round trip**: 100 bytes to an echo server in another process over TCP on 127.0.0.1
 *   and back, µs per round trip (median of 40 blocks of 250 after 2,000 to warm up): two wake-ups of a
 *   sleeping process, which every request to the server and every query to PostgreSQL pays.
 * Figures only; nothing is asserted. Errors: a child that does not start rejects.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** The three figures of the module comment. */
export interface MachineFigures {
  /** ms for 3·10⁷ steps of a JavaScript loop (best of three). */
  jsLoopMs: number;
  /** µs per fstat system call. */
  syscallUs: number;
  /** µs per 100-byte TCP round trip to another process on 127.0.0.1 (median block). */
  loopbackRoundTripUs: number;
}

/** The echo server run in a child process: prints its port, echoes every chunk. */
const ECHO = `const s=require('net').createServer(c=>{c.setNoDelay(true);c.on('data',d=>c.write(d))});s.listen(0,'127.0.0.1',()=>console.log(s.address().port))`;

function jsLoopMs(): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const started = process.hrtime.bigint();
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    if (x < 0) throw new Error('unreachable'); // keeps the loop from being dropped
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return best;
}

function syscallUs(): number {
  // A descriptor of its own: stdin may be closed when a bench runs detached.
  const fd = fs.openSync(process.execPath, 'r');
  try {
    for (let i = 0; i < 10_000; i++) fs.fstatSync(fd); // warm-up
    const n = 50_000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fs.fstatSync(fd);
    return Number(process.hrtime.bigint() - started) / 1e3 / n;
  } finally {
    fs.closeSync(fd);
  }
}

async function loopbackRoundTripUs(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ECHO], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
      child.once('exit', (code) => reject(new Error(`echo server exited (${code})`)));
    });
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const payload = Buffer.alloc(100, 1);
    // `count` round trips, each sent when the last came back whole; resolves with µs per round trip.
    const roundTrips = (count: number) =>
      new Promise<number>((resolve) => {
        let left = count;
        let got = 0;
        const started = process.hrtime.bigint();
        const on = (d: Buffer) => {
          got += d.length;
          if (got < payload.length) return;
          got = 0;
          if (--left > 0) socket.write(payload);
          else {
            socket.off('data', on);
            resolve(Number(process.hrtime.bigint() - started) / 1e3 / count);
          }
        };
        socket.on('data', on);
        socket.write(payload);
      });
    await roundTrips(2_000);
    const blocks: number[] = [];
    for (let b = 0; b < 40; b++) blocks.push(await roundTrips(250));
    socket.destroy();
    blocks.sort((a, b) => a - b);
    return blocks[Math.floor(blocks.length / 2)]!;
  } finally {
    child.kill();
  }
}

/** Measures the machine (about a second; see the module comment). */
export async function machineFigures(): Promise<MachineFigures> {
  return { jsLoopMs: jsLoopMs(), syscallUs: syscallUs(), loopbackRoundTripUs: await loopbackRoundTripUs() };
}

/** One line for a bench's header: "machine: JS loop … ms, system call … µs, loopback round trip … µs". */
export async function machineLine(): Promise<string> {
  const m = await machineFigures();
  return `machine: JS loop ${m.jsLoopMs.toFixed(0)} ms (3e7 steps), system call ${m.syscallUs.toFixed(1)} µs (fstat), loopback round trip to another process ${m.loopbackRoundTripUs.toFixed(0)} µs (TCP, 100 B)`;
}
