/**
 * Where the call recordings live (issue 15; docs/API.md "Recording storage"). A recording is
 * written under RECORDINGS_DIR while its call goes on (calls.media.ts). Without RECORDINGS_S3_*
 * it stays there and is served from there. With RECORDINGS_S3_BUCKET, once the call's file is
 * closed it is uploaded to the bucket (key = its file name, e.g. `call-12-<uuid>.webm`) with a
 * Content-MD5 the server checks, its size read back with HeadObject, and only then the local file
 * is removed; a failed upload keeps the file and is tried again every RECORDINGS_S3_RETRY_MS, and
 * on start (and at that period) a process uploads the recordings left in its folder by an earlier
 * run. Any process then serves any recording: the local file while it is still there, else the
 * bucket's object (HeadObject for the size, GetObject with the Range).
 *
 * The same sweep closes the media of a call this process records that another process has
 * disconnected (an operator's end or close-out served by another node), so its recording is
 * finished and uploaded without waiting for this process to stop.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import type { S3Client } from '@aws-sdk/client-s3';
import { CallErrorCode } from '@vigil/contract';
import type { Config, RecordingsS3Config } from '../../config.js';
import { rows, type Db } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';
import { relayOf, type CallMediaRelay } from './calls.media.js';

/** Recording file names this module handles: `call-<callId>-<textId>.webm` (CallMediaRelay.fileOf). */
const RECORDING_NAME = /^call-(\d{1,10})-[A-Za-z0-9-]{1,64}\.webm$/;

/**
 * A leftover (a file no upload of this process is waiting for) is uploaded only once it has not
 * changed for this long, ms, and its call is disconnected: another process sharing the folder may
 * still be finishing it.
 */
export const LEFTOVER_QUIET_MS = 30_000;

/** Period of the sweep's cheap part (media of calls disconnected elsewhere; due retries), ms. */
const TICK_MS = 2_000;

/** A byte range of a file, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The range a `Range` header asks of a `size`-byte file: `bytes=a-b`, `bytes=a-` or `bytes=-n`
 * (one range; `b` past the end is cut to the end). `undefined` without a header (the whole file),
 * `null` when it is malformed or unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (header == null) return undefined;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

/**
 * Answers a recording of `size` bytes: 200 with the whole body, 206 with Content-Range for a
 * satisfiable range, 416 with `Content-Range: bytes *\/size` otherwise. `body(range)` opens the
 * bytes (the whole file without a range); it is not called for a 416, nor for a HEAD request
 * (the same headers, no body: a player asking the size opens no file and no bucket download).
 */
async function sendRecording(
  reply: FastifyReply,
  size: number,
  header: string | undefined,
  body: (range: ByteRange | undefined) => Promise<Readable>,
  release: () => Promise<void>,
): Promise<FastifyReply> {
  const range = parseRange(header, size);
  if (range === null) {
    await release();
    return reply.code(416).header('accept-ranges', 'bytes').header('content-range', `bytes */${size}`).send();
  }
  const head = reply.request.method === 'HEAD';
  // The bytes are opened before any header is set: a failure answers as an error, not as a video.
  const stream = head ? null : await body(range);
  if (head) await release();
  reply.header('accept-ranges', 'bytes').type('video/webm');
  if (range === undefined) return reply.header('content-length', size).send(stream ?? undefined);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(stream ?? undefined);
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
/** The S3 SDK (~20 MB of the process's memory once loaded): loaded only where RECORDINGS_S3_* is set. */
type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdkModule: Promise<S3Sdk> | undefined;
const loadSdk = () => (sdkModule ??= import('@aws-sdk/client-s3'));

const isNotFound = (sdk: S3Sdk, err: unknown) =>
  err instanceof sdk.S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/** MD5 of a file: base64 (the Content-MD5 the bucket checks the upload against) and hex (a plain single-part ETag). */
async function md5Of(file: string): Promise<{ base64: string; hex: string }> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const digest = hash.digest();
  return { base64: digest.toString('base64'), hex: digest.toString('hex') };
}

/** True when `etag` is a plain MD5 (a single-part object without KMS encryption) other than `hex`: the bytes differ. */
const etagDiffers = (etag: string | undefined, hex: string) => {
  const plain = /^"?([0-9a-f]{32})"?$/i.exec(etag ?? '');
  return plain != null && plain[1]!.toLowerCase() !== hex;
};

/**
 * An S3 client of the settings: checksums only where S3 requires them (S3-compatible servers
 * differ), bounded waits, the SDK's own messages in `log` at debug level (failures are logged by
 * the caller, with the recording's name).
 */
export function s3ClientOf(sdk: S3Sdk, s3: RecordingsS3Config, log?: FastifyBaseLogger): S3Client {
  const quiet = (...m: unknown[]) => log?.debug({ sdk: m.map(String).join(' ') }, 'S3 client');
  return new sdk.S3Client({
    logger: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
}

/** The recordings of one server process: their uploads (with S3) and how they are served. */
export class RecordingStorage {
  /** With S3: the client and its SDK, once the SDK is loaded (it starts loading with the storage). */
  private readonly client: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  /** Recordings waiting for an upload: file name → earliest time of the next attempt (ms since epoch). */
  private readonly pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private lastScan = 0;
  private stopped = false;
  private readonly abort = new AbortController();
  /** Uploads done and failed, and bucket downloads opened, by this process (tests, logs). */
  readonly figures = { uploaded: 0, failed: 0, downloads: 0 };

  constructor(
    private readonly dir: string,
    private readonly s3: RecordingsS3Config | undefined,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly relay: CallMediaRelay,
  ) {
    this.client = s3 ? loadSdk().then((sdk) => ({ sdk, client: s3ClientOf(sdk, s3, log) })) : undefined;
    // A failed load is reported by the upload or download that awaits it.
    this.client?.catch(() => undefined);
    relay.onRecordingClosed = (file) => this.closed(file);
  }

  /** True when recordings go to a bucket. */
  get usesS3(): boolean {
    return this.client != null;
  }

  /** Starts the sweep (first run at once: leftovers of an earlier run are looked for). */
  start() {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), Math.min(TICK_MS, this.s3?.retryMs ?? TICK_MS));
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops the sweep. With S3, the uploads still waiting get one more try within `graceMs`; what
   * is not uploaded by then stays in the folder for the next start.
   */
  async stop(graceMs: number) {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    this.stopped = true;
    // An upload still going after graceMs is cut short (its file stays for the next start).
    const cut = setTimeout(() => this.abort.abort(), graceMs);
    await this.running;
    if (this.client && this.pending.size > 0) {
      for (const name of this.pending.keys()) this.pending.set(name, 0);
      await this.uploadDue().catch(() => undefined);
    }
    clearTimeout(cut);
    this.abort.abort();
    if (this.client) (await this.client.catch(() => undefined))?.client.destroy();
  }

  /** The close hook (calls.media.ts): the recording at `file` is complete; with S3 it is uploaded now. */
  closed(file: string) {
    if (!this.client) return;
    this.pending.set(path.basename(file), 0);
    this.kick();
  }

  /** Runs the sweep now (or once more after the run in progress). */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sweep()
      .catch((err) => this.log.error({ err }, 'recordings sweep failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the sweep in progress (tests). */
  async settled() {
    while (this.running) await this.running;
  }

  /** Names of the recordings still waiting for an upload. */
  waiting(): string[] {
    return [...this.pending.keys()];
  }

  private async sweep() {
    await this.closeOrphans();
    if (!this.client) return;
    const now = Date.now();
    if (now - this.lastScan >= this.s3!.retryMs) {
      this.lastScan = now;
      await this.scanLeftovers();
    }
    await this.uploadDue();
  }

  /** Closes the media of calls recorded here that are disconnected in the database (ended by another process). */
  private async closeOrphans() {
    const ids = this.relay.callIds();
    if (ids.length === 0) return;
    const done = await rows<{ id: number }>(
      this.db,
      sql`select id from calls where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and state in ('ended', 'closed', 'missed')`,
    );
    for (const { id } of done) await this.relay.stop(id);
  }

  /** Adds to the uploads the folder's recordings of disconnected (or unknown) calls untouched for LEFTOVER_QUIET_MS. */
  private async scanLeftovers() {
    const names = await readdir(this.dir).catch((err: unknown) => {
      if (isMissing(err)) return [] as string[];
      throw err;
    });
    const candidates: { name: string; callId: number }[] = [];
    for (const name of names) {
      const m = RECORDING_NAME.exec(name);
      if (!m || this.pending.has(name) || this.relay.isRecording(name)) continue;
      const st = await stat(path.join(this.dir, name)).catch(() => null);
      if (!st?.isFile() || Date.now() - st.mtimeMs < LEFTOVER_QUIET_MS) continue;
      candidates.push({ name, callId: Number(m[1]) });
    }
    if (candidates.length === 0) return;
    const live = new Set(
      (
        await rows<{ id: number }>(
          this.db,
          sql`select id from calls where id in (${sql.join(
            candidates.map((c) => sql`${c.callId}`),
            sql`, `,
          )}) and state in ('ringing', 'active', 'transfer')`,
        )
      ).map((r) => Number(r.id)),
    );
    for (const c of candidates) if (!live.has(c.callId)) this.pending.set(c.name, 0);
  }

  /** Tries every upload whose time has come; a failure waits RECORDINGS_S3_RETRY_MS. */
  private async uploadDue() {
    for (const [name, due] of [...this.pending]) {
      if (due > Date.now()) continue;
      if (this.abort.signal.aborted) return;
      try {
        await this.upload(name);
        this.pending.delete(name);
      } catch (err) {
        this.figures.failed++;
        this.pending.set(name, Date.now() + this.s3!.retryMs);
        this.log.warn({ err, recording: name }, 'recording upload failed; the file is kept and the upload tried again');
      }
    }
  }

  /**
   * Uploads one recording and removes the local file once the bucket holds all of it (sent with
   * its Content-MD5, which S3 and most compatible servers check; HeadObject answers the same size;
   * a plain-MD5 ETag equals the file's MD5; the file did not change meanwhile). A file already
   * gone (uploaded by another process sharing the folder) is done.
   */
  private async upload(name: string) {
    const file = path.join(this.dir, name);
    const before = await stat(file).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!before) return;
    const md5 = await md5Of(file);
    const target = { Bucket: this.s3!.bucket, Key: name };
    const { sdk, client } = await this.client!;
    const put = await client.send(
      new sdk.PutObjectCommand({
        ...target,
        Body: createReadStream(file),
        ContentLength: before.size,
        ContentMD5: md5.base64,
        ContentType: 'video/webm',
      }),
      { abortSignal: this.abort.signal },
    );
    const head = await client.send(new sdk.HeadObjectCommand(target), { abortSignal: this.abort.signal });
    if (head.ContentLength !== before.size) throw new Error(`the bucket holds ${head.ContentLength} bytes of ${before.size}`);
    if (etagDiffers(put.ETag, md5.hex) || etagDiffers(head.ETag, md5.hex))
      throw new Error('the bucket holds other bytes (its ETag is not the MD5)');
    const after = await stat(file).catch(() => null);
    if (after && (after.size !== before.size || after.mtimeMs !== before.mtimeMs)) throw new Error('the file changed during its upload');
    await unlink(file).catch((err: unknown) => {
      if (!isMissing(err)) throw err;
    });
    this.figures.uploaded++;
    this.log.info({ recording: name, bytes: before.size }, 'recording uploaded');
  }

  /**
   * Serves the recording `fileName` (an incident's MediaFilename): the local file while this
   * process has it, else (with S3) the bucket's object; whole or one range (200 / 206 / 416).
   * @throws AppError 404 calls.errors.notFound when neither has it; 503
   * calls.errors.storageUnavailable when the bucket cannot be reached.
   */
  async serve(reply: FastifyReply, fileName: string, range: string | undefined): Promise<FastifyReply> {
    const name = path.basename(fileName);
    // Opened first, so an upload that removes the file meanwhile does not cut the answer short.
    const handle: FileHandle | null = await open(path.join(this.dir, name), 'r').catch(() => null);
    if (handle) {
      const st = await handle.stat();
      if (st.isFile())
        return sendRecording(
          reply,
          st.size,
          range,
          async (r) => handle.createReadStream(r ? { start: r.start, end: r.end } : {}),
          () => handle.close(),
        );
      await handle.close();
    }
    if (!this.client) throw new AppError(404, CallErrorCode.NotFound);
    const target = { Bucket: this.s3!.bucket, Key: name };
    const { sdk, client } = await this.client;
    let size: number;
    try {
      size = (await client.send(new sdk.HeadObjectCommand(target))).ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(sdk, err)) throw new AppError(404, CallErrorCode.NotFound);
      this.log.error({ err, recording: name }, 'recording storage unreachable');
      throw new AppError(503, CallErrorCode.StorageUnavailable);
    }
    return sendRecording(
      reply,
      size,
      range,
      async (r) => {
        try {
          this.figures.downloads++;
          const got = await client.send(new sdk.GetObjectCommand({ ...target, Range: r ? `bytes=${r.start}-${r.end}` : undefined }));
          return got.Body as Readable;
        } catch (err) {
          if (isNotFound(sdk, err)) throw new AppError(404, CallErrorCode.NotFound);
          this.log.error({ err, recording: name }, 'recording storage unreachable');
          throw new AppError(503, CallErrorCode.StorageUnavailable);
        }
      },
      async () => undefined,
    );
  }
}

const storages = new WeakMap<Config, RecordingStorage>();

/** The recording storage of a server (one per configuration, like its media relay; created on first use). */
export function recordingStorageOf(app: FastifyInstance): RecordingStorage {
  let s = storages.get(app.config);
  if (!s) {
    s = new RecordingStorage(app.config.recordingsDir, app.config.recordingsS3, app.db, app.log, relayOf(app.config));
    storages.set(app.config, s);
  }
  return s;
}
