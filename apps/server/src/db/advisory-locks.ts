/**
 * Every PostgreSQL advisory lock key of the server, in one place so no two uses collide
 * (ARCHITECTURE.md: work that must run once across nodes takes an advisory lock). PGlite has the
 * same functions, so the same code runs on both.
 *
 * Order: a transaction that needs both takes SupervisorWrite before EventLog, never after it.
 */
export const AdvisoryLock = {
  /** Held (session lock) while migrating, so several nodes migrate one at a time (db/client.ts). */
  Migration: 7_316_411,
  /** Transaction lock serialising event-log writers: ids become visible strictly in order (realtime/event-log.ts). */
  EventLog: 7_316_412,
  /** Transaction lock serialising supervisor writers across processes (supervision/supervisor.repository.ts). */
  SupervisorWrite: 7_316_413,
} as const;
