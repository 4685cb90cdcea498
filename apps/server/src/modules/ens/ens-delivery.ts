/**
 * ENS delivery worker (docs/API.md "ENS: delivery"): sends the e-mail and SMS deliveries recorded
 * by a send. The queue is the `ens_deliveries` table itself, so it needs no other service and works
 * the same on PGlite and PostgreSQL:
 *
 * - A worker claims due rows with FOR UPDATE SKIP LOCKED (ens.repository.ts claimDue): each becomes
 *   `sending` with one more attempt and a lease (ENS_LEASE_MS). Several processes never take the
 *   same row; a row whose worker died is taken again when its lease runs out.
 * - After the mail server or SMS gateway accepted it, the row becomes `sent` (guarded on the same
 *   attempt, so a late worker cannot overwrite a takeover) with an ENS-STATUS event, in one
 *   transaction. A failure is retried after ENS_RETRY_BASE_MS × 2^(attempt−1) (at most 30 min),
 *   and marked `failed` after ENS_MAX_ATTEMPTS.
 * - Idempotency: the send carries the delivery's id as its key (e-mail Message-ID
 *   `<ens-<id>@<host>>`, SMS `Idempotency-Key: ens-<id>`). A row is sent again only when its
 *   worker died after the peer accepted and before the `sent` commit; the repeat carries the same
 *   key, so the peer (or the recipient's mail client) recognises it.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ensDeliveries } from '../../db/schema/index.js';
import { messengerFor } from '../account/messenger.js';
import { withEvents } from '../realtime/event-log.js';
import { ensMail, ensSms } from './ens-messages.js';
import { claimDue, type ClaimedDelivery } from './ens.repository.js';
import { onEnsQueued, statusEvent } from './ens.service.js';

/** Longest retry delay, ms. */
const MAX_RETRY_MS = 30 * 60_000;

/** Retry delay after failed attempt `attempt` (1-based), ms: base × 2^(attempt−1), at most 30 minutes. */
export function retryDelayMs(baseMs: number, attempt: number): number {
  return Math.min(MAX_RETRY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** Sends one claimed delivery and records the outcome. Never throws. */
async function deliver(app: FastifyInstance, d: ClaimedDelivery): Promise<void> {
  const messenger = messengerFor(app);
  const { ens } = app.config;
  const parts = {
    langId: d.lang_id,
    name: d.name,
    sender: d.sender,
    branch: d.branch_name,
    title: d.message_title,
    message: d.message_content,
  };
  const host = new URL(app.config.publicUrl ?? 'http://vigil.localhost').hostname;
  let error: string | null = null;
  try {
    if (d.channel === 'email') await messenger.sendMail(ensMail(d.address, parts, app.config.productName, `<ens-${d.id}@${host}>`));
    else await messenger.sendSms(d.address, ensSms(parts, app.config.productName), `ens-${d.id}`);
  } catch (err) {
    error = err instanceof Error ? err.message.slice(0, 500) : String(err);
  }
  const at = new Date();
  const mine = and(eq(ensDeliveries.id, d.id), eq(ensDeliveries.status, 'sending'), eq(ensDeliveries.attempts, d.attempts));
  try {
    if (!error) {
      await withEvents(app, async (tx, emit) => {
        const moved = await tx
          .update(ensDeliveries)
          .set({ status: 'sent', statusAt: at, lastError: null })
          .where(mine)
          .returning({ id: ensDeliveries.id });
        if (moved.length)
          await emit([
            await statusEvent(tx, d.notification_id, [{ UserId: d.user_id, Channel: d.channel, Status: 'sent', AtUTC: at.toISOString() }]),
          ]);
      });
    } else if (d.attempts >= ens.maxAttempts) {
      await withEvents(app, async (tx, emit) => {
        const moved = await tx
          .update(ensDeliveries)
          .set({ status: 'failed', statusAt: at, lastError: error })
          .where(mine)
          .returning({ id: ensDeliveries.id });
        if (moved.length)
          await emit([
            await statusEvent(tx, d.notification_id, [
              { UserId: d.user_id, Channel: d.channel, Status: 'failed', AtUTC: at.toISOString() },
            ]),
          ]);
      });
    } else {
      await app.db
        .update(ensDeliveries)
        .set({ status: 'queued', lastError: error, nextAttemptAt: new Date(at.getTime() + retryDelayMs(ens.retryBaseMs, d.attempts)) })
        .where(mine);
    }
  } catch (err) {
    // The row stays `sending` and is taken again when its lease runs out.
    app.log.error({ err, delivery: d.id }, 'ENS delivery: recording the outcome failed');
  }
}

/**
 * One pass: claims up to ENS_DELIVERY_CONCURRENCY due deliveries and sends them in parallel;
 * returns how many it claimed.
 */
export async function deliverDue(app: FastifyInstance): Promise<number> {
  const { concurrency, leaseMs } = app.config.ens;
  const claimed = await claimDue(app.db, concurrency, leaseMs);
  await Promise.all(claimed.map((d) => deliver(app, d)));
  return claimed.length;
}

/**
 * Starts this process's delivery worker: a pass every ENS_DELIVERY_INTERVAL_MS, at once after a
 * send on this process, and back to back while passes find work. `stop()` waits for the pass in
 * progress (its rows are then `sent`, or retried later).
 */
export function startEnsDelivery(app: FastifyInstance): { wake(): void; stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let busy = false;
      try {
        busy = (await deliverDue(app)) > 0;
      } catch (err) {
        app.log.error({ err }, 'ENS delivery pass failed');
      }
      running = null;
      const next = busy || again;
      again = false;
      schedule(next ? 0 : app.config.ens.intervalMs);
    })();
  };
  onEnsQueued(app, () => schedule(0));
  schedule(0);
  return {
    wake: () => schedule(0),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
