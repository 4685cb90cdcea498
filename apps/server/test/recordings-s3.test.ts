/**
 * Recordings on S3-compatible storage (issue 15; recordings-storage.ts), against a real local
 * S3-compatible server (s3rver on a free loopback port) and real calls through the media path (a
 * werift caller sending RTP, recorded by the server): the closed recording is uploaded and its
 * local file removed; callrecording serves it from the bucket whole and by ranges (206, 416), in
 * scope only; a bucket that is down keeps the file (served from the folder meanwhile) and the
 * upload is retried once it is back. On PostgreSQL with two server processes: the second serves
 * what the first recorded, a call ended on the second closes the first's recording, and a
 * recording left in the folder by a stopped process is uploaded when it starts again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Incident } from '@vigil/contract';
import { relayOf } from '../src/modules/calls/calls.media.js';
import { recordingStorageOf } from '../src/modules/calls/recordings-storage.js';
import { connectCaller, consoleLogin, placeCall, pump, type Login } from './call-media.js';
import { DB_KINDS, freshDatabaseUrl, otherOfficeOperator, startServerOn, startTestServer, type TestServer } from './helpers.js';

const BUCKET = 'vigil-recordings';

/** A local S3-compatible server; `stop()` takes it down (the bucket's files stay), `start()` brings it back on the same port. */
class LocalS3 {
  private srv: S3rver | undefined;
  port = 0;
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-s3-'));
  async start() {
    this.srv = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      silent: true,
      directory: this.dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    this.port = (await this.srv.run()).port;
  }
  async stop() {
    await this.srv?.close();
    this.srv = undefined;
  }
  get endpoint() {
    return `http://127.0.0.1:${this.port}`;
  }
  /** The server's environment for this bucket. */
  env(recordingsDir: string): Record<string, string> {
    return {
      LOGIN_RATE_MAX: '1000',
      RECORDINGS_DIR: recordingsDir,
      RECORDINGS_S3_BUCKET: BUCKET,
      RECORDINGS_S3_ENDPOINT: this.endpoint,
      RECORDINGS_S3_REGION: 'us-east-1',
      RECORDINGS_S3_ACCESS_KEY_ID: 'S3RVER',
      RECORDINGS_S3_SECRET_ACCESS_KEY: 'S3RVER',
      RECORDINGS_S3_FORCE_PATH_STYLE: 'true',
      RECORDINGS_S3_RETRY_MS: '500',
    };
  }
  client() {
    return new S3Client({
      endpoint: this.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  /** The object's bytes, or null when the bucket has none. */
  async object(key: string): Promise<Buffer | null> {
    const c = this.client();
    try {
      await c.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      const got = await c.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await got.Body!.transformToByteArray());
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw err;
    } finally {
      c.destroy();
    }
  }
}

/**
 * A call of staff@example.com through `media` (the process its media goes to), answered by
 * `operator`, with a second of the caller's camera and microphone recorded. `end()` ends it (the
 * caller hangs up, or the operator ends it on whatever server its client talks to).
 */
async function recordedCall(media: TestServer, operator: Login) {
  const { staff, id } = await placeCall(media, 'staff@example.com');
  const { caller, camera, mic } = await connectCaller(staff, id);
  const stops = [pump(camera, 'video'), pump(mic, 'audio')];
  expect((await operator.client.post('/api/client/answercall', { callId: id })).status).toBe(200);
  await expect.poll(() => relayOf(media.config).figures(id)?.video ?? 0, { timeout: 15_000 }).toBeGreaterThan(50);
  const inc = await operator.client.post<{ incidentobject: Incident }>('/api/client/getcall', { callId: id });
  const file = inc.json.body!.incidentobject.MediaFilename!;
  expect(file).toMatch(/^call-\d+-[0-9a-f-]+\.webm$/);
  return {
    id,
    file,
    end: async (by: 'caller' | Login = 'caller') => {
      const r =
        by === 'caller' ? await staff.call('calls/hangup', { callId: id }) : await by.client.post('/api/client/endcall', { callId: id });
      expect(r.status).toBe(200);
      for (const s of stops) s();
      await caller.close();
    },
  };
}

/** GET (or `method`) callrecording of `id` on `server` as `who` (null: no session), with an optional Range. */
function getRecording(server: TestServer, who: Login | null, id: number, range?: string, method = 'GET') {
  return fetch(`${server.baseUrl}/api/client/callrecording/${id}`, {
    method,
    headers: { ...(who ? { cookie: who.client.cookieHeader() } : {}), ...(range ? { range } : {}) },
  });
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe.each(DB_KINDS)('recordings on S3 on %s', (kind) => {
  const s3 = new LocalS3();
  const recordings = mkdtempSync(path.join(os.tmpdir(), 'vigil-recordings-'));
  let server: TestServer;
  let operator: Login;
  beforeAll(async () => {
    await s3.start();
    server = await startTestServer(kind, s3.env(recordings));
    operator = await consoleLogin(server, 'operator@example.com');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await s3.stop();
  });

  it('uploads the closed recording, removes the local file, and serves the bucket object whole and by ranges in scope only', async () => {
    const call = await recordedCall(server, operator);
    // While the call goes on, the recording is only in the folder.
    expect(existsSync(path.join(recordings, call.file))).toBe(true);
    expect(await s3.object(call.file)).toBeNull();
    await call.end();
    await expect.poll(async () => (await s3.object(call.file))?.length ?? 0, { timeout: 20_000 }).toBeGreaterThan(1000);
    await expect.poll(() => existsSync(path.join(recordings, call.file)), { timeout: 10_000 }).toBe(false);
    const stored = (await s3.object(call.file))!;
    expect(stored.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // a WebM (EBML) file
    const size = stored.length;

    const whole = await getRecording(server, operator, call.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(md5(Buffer.from(await whole.arrayBuffer()))).toBe(md5(stored));
    const part = await getRecording(server, operator, call.id, 'bytes=4-13');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-13/${size}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(4, 14))).toBe(true);
    const from = await getRecording(server, operator, call.id, `bytes=${size - 100}-`);
    expect(from.status).toBe(206);
    expect(Buffer.from(await from.arrayBuffer()).equals(stored.subarray(size - 100))).toBe(true);
    const tail = await getRecording(server, operator, call.id, 'bytes=-10');
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(stored.subarray(size - 10))).toBe(true);
    // HEAD: the same headers, no body, and no download from the bucket.
    const downloads = recordingStorageOf(server.app).figures.downloads;
    const head = await getRecording(server, operator, call.id, undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const headPart = await getRecording(server, operator, call.id, 'bytes=4-13', 'HEAD');
    expect(headPart.status).toBe(206);
    expect(headPart.headers.get('content-range')).toBe(`bytes 4-13/${size}`);
    expect(headPart.headers.get('content-length')).toBe('10');
    expect(recordingStorageOf(server.app).figures.downloads).toBe(downloads);
    for (const bad of [`bytes=${size + 5}-`, 'bytes=abc', 'bytes=9-3']) {
      const r = await getRecording(server, operator, call.id, bad);
      expect(r.status, bad).toBe(416);
      expect(r.headers.get('content-range')).toBe(`bytes */${size}`);
    }
    // Scope: no session 401, a console user without video 403, an operator of another office 404.
    expect((await getRecording(server, null, call.id)).status).toBe(401);
    expect((await getRecording(server, await consoleLogin(server, 'orgadmin@example.com'), call.id)).status).toBe(403);
    const other = await consoleLogin(server, await otherOfficeOperator(server, 'S3'));
    const refused = await getRecording(server, other, call.id);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { description: string }).description).toBe('Call not found');
  }, 120_000);

  it('keeps the recording while the bucket is down, serves it from the folder, and uploads it once the bucket is back', async () => {
    const storage = recordingStorageOf(server.app);
    await s3.stop();
    const failedBefore = storage.figures.failed;
    const call = await recordedCall(server, operator);
    await call.end();
    const local = path.join(recordings, call.file);
    await expect.poll(() => storage.figures.failed, { timeout: 20_000 }).toBeGreaterThan(failedBefore);
    expect(storage.waiting()).toContain(call.file);
    expect(existsSync(local)).toBe(true);
    const kept = readFileSync(local);
    const served = await getRecording(server, operator, call.id, 'bytes=0-99');
    expect(served.status).toBe(206);
    expect(served.headers.get('content-range')).toBe(`bytes 0-99/${kept.length}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(kept.subarray(0, 100))).toBe(true);
    // Several retries fail and lose nothing.
    await expect.poll(() => storage.figures.failed, { timeout: 20_000 }).toBeGreaterThan(failedBefore + 1);
    expect(readFileSync(local).equals(kept)).toBe(true);

    await s3.start();
    await expect.poll(async () => (await s3.object(call.file)) != null, { timeout: 20_000 }).toBe(true);
    expect(md5((await s3.object(call.file))!)).toBe(md5(kept));
    await expect.poll(() => existsSync(local), { timeout: 10_000 }).toBe(false);
    expect(storage.waiting()).not.toContain(call.file);
    const whole = await getRecording(server, operator, call.id);
    expect(md5(Buffer.from(await whole.arrayBuffer()))).toBe(md5(kept));
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('recordings on S3 with two server processes on PostgreSQL', () => {
  const s3 = new LocalS3();
  const dirA = mkdtempSync(path.join(os.tmpdir(), 'vigil-recordings-a-'));
  const dirB = mkdtempSync(path.join(os.tmpdir(), 'vigil-recordings-b-'));
  let target: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    await s3.start();
    target = await freshDatabaseUrl('postgres');
    a = await startServerOn({ databaseUrl: target.url }, s3.env(dirA));
    b = await startServerOn({ databaseUrl: target.url }, s3.env(dirB), { seed: false });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await target?.drop();
    await s3.stop();
  });

  it('serves on one process what the other recorded; a call ended on the other process closes the recording', async () => {
    const opA = await consoleLogin(a, 'operator@example.com');
    const opB = await consoleLogin(b, 'operator@example.com');
    const call = await recordedCall(a, opA);
    // The operator ends the call through process B: A holds the media and finishes the recording.
    await call.end(opB);
    await expect.poll(() => relayOf(a.config).callIds().includes(call.id), { timeout: 15_000 }).toBe(false);
    await expect.poll(async () => (await s3.object(call.file)) != null, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => existsSync(path.join(dirA, call.file)), { timeout: 10_000 }).toBe(false);
    const stored = (await s3.object(call.file))!;
    const whole = await getRecording(b, opB, call.id);
    expect(whole.status).toBe(200);
    expect(md5(Buffer.from(await whole.arrayBuffer()))).toBe(md5(stored));
    const part = await getRecording(b, opB, call.id, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(100, 200))).toBe(true);
    expect((await getRecording(b, opB, call.id, `bytes=${stored.length}-`)).status).toBe(416);
  }, 120_000);

  it('uploads, when the process starts again, a recording it could not upload before it stopped', async () => {
    const opA = await consoleLogin(a, 'operator@example.com');
    const opB = await consoleLogin(b, 'operator@example.com');
    await s3.stop();
    const call = await recordedCall(a, opA);
    await call.end();
    await expect.poll(() => recordingStorageOf(a.app).figures.failed, { timeout: 20_000 }).toBeGreaterThan(0);
    // B cannot reach the bucket either: the recording is not lost, only unavailable for now.
    const unavailable = await getRecording(b, opB, call.id);
    expect(unavailable.status).toBe(503);
    expect(((await unavailable.json()) as { description: string }).description).toBe(
      'The recording cannot be read from storage right now; try again later',
    );
    await a.close();
    const local = path.join(dirA, call.file);
    expect(existsSync(local)).toBe(true);
    const kept = readFileSync(local);
    // Some time later (a leftover is taken once it has not changed for LEFTOVER_QUIET_MS).
    const past = new Date(Date.now() - 120_000);
    utimesSync(local, past, past);
    await s3.start();
    a = await startServerOn({ databaseUrl: target.url }, s3.env(dirA), { seed: false });
    await expect.poll(async () => (await s3.object(call.file)) != null, { timeout: 20_000 }).toBe(true);
    expect(md5((await s3.object(call.file))!)).toBe(md5(kept));
    await expect.poll(() => existsSync(local), { timeout: 10_000 }).toBe(false);
    const whole = await getRecording(b, opB, call.id);
    expect(whole.status).toBe(200);
    expect(md5(Buffer.from(await whole.arrayBuffer()))).toBe(md5(kept));
  }, 120_000);
});
