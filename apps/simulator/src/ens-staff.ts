/**
 * The demo staff's answers to ENS messages (issue 16 "Simulator": "the demo scenario's staff
 * answer ENS messages after a short delay"). Every signed-in staff member of the branch simulation
 * reads the mobile ENS inbox (docs/API.md "Mobile: ENS", `GET /api/mobile/ens`) every few seconds,
 * like the app would after its push; each unanswered message is marked read after a moment and
 * answered "I am safe" (or, with probability `helpShare`, "I need help", which raises the Emergency
 * alarm) a few seconds later, so the sender's console shows the states move live.
 */
import type { MobileClient } from './client.js';

/** One message of the mobile ENS inbox, as `GET /api/mobile/ens` answers it (the fields used here). */
interface InboxMessage {
  EnsId: number;
  ReadAtUTC: string | null;
  Reply: string | null;
}

export interface EnsResponderOptions {
  /** Share of answers that are "I need help" (0–1). */
  helpShare: number;
  /** Real milliseconds between two inbox reads of a staff member. */
  pollMs: number;
  /** Real milliseconds before marking read and before answering: [min, max). */
  readDelayMs: [number, number];
  replyDelayMs: [number, number];
  random: () => number;
  /** Called with a counter name (ens-read, ens-safe, ens-help, ens-refused). */
  count: (k: string) => void;
  log: (...m: unknown[]) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts answering the ENS messages of `staff` in the background; answers a stop function. Each
 * message is answered once per run (a message already answered before the run is left alone).
 */
export function startEnsResponder(staff: readonly MobileClient[], o: EnsResponderOptions): () => void {
  let stopped = false;
  const handled = new Set<string>();
  const between = ([min, max]: [number, number]) => min + o.random() * (max - min);

  async function answer(client: MobileClient, m: InboxMessage) {
    await sleep(between(o.readDelayMs));
    if (stopped) return;
    if (!m.ReadAtUTC) {
      const r = await client.call('ens/read', { ensId: m.EnsId });
      o.count(r.status === 200 ? 'ens-read' : 'ens-refused');
    }
    await sleep(between(o.replyDelayMs));
    if (stopped) return;
    const reply = o.random() < o.helpShare ? 'help' : 'safe';
    const r = await client.call('ens/reply', { ensId: m.EnsId, reply });
    o.count(r.status === 200 ? `ens-${reply}` : 'ens-refused');
    o.log(`ENS ${m.EnsId}: ${client.email} answers ${reply} (${r.status})`);
  }

  async function loop(client: MobileClient) {
    // Spread the staff's reads over the poll period.
    await sleep(o.random() * o.pollMs);
    while (!stopped) {
      try {
        const inbox = await client.get<{ ensobject: InboxMessage[] }>('ens');
        for (const m of inbox.body?.ensobject ?? []) {
          const key = `${client.userId}:${m.EnsId}`;
          if (m.Reply || handled.has(key)) continue;
          handled.add(key);
          void answer(client, m).catch((err: unknown) => o.log(`ENS ${m.EnsId}: ${String(err)}`));
        }
      } catch (err) {
        o.log(`ENS inbox of ${client.email}: ${String(err)}`);
      }
      await sleep(o.pollMs);
    }
  }

  for (const client of staff) void loop(client);
  return () => {
    stopped = true;
  };
}
