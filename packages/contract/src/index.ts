/**
 * The contract shared by the server, the console and the simulator: one file per feature (the
 * same names as apps/server/src/modules and apps/web/src/features), plus the shared roles,
 * constants, errors, envelope, time helpers and field groups. Consumers import from
 * '@vigil/contract' only. Within the contract, feature files import the shared files and, one way
 * only: employees → account → auth; head-office → regions; notifications → reports → activity;
 * realtime → notifications, activity, chat, calls, task-lists, ens; chat → reports; surveys → reports; notifications → ens.
 */
export * from './roles.js';
export * from './constants.js';
export * from './errors.js';
export * from './envelope.js';
export * from './time.js';
export * from './numbers.js';
export * from './dates.js';
export * from './email.js';
export * from './text.js';
export * from './fields.js';
export * from './activity.js';
export * from './auth.js';
export * from './account.js';
export * from './account-rules.js';
export * from './profile.js';
export * from './organizations.js';
export * from './security-offices.js';
export * from './regions.js';
export * from './head-office.js';
export * from './branches.js';
export * from './employees.js';
export * from './alarms.js';
export * from './notifications.js';
export * from './reports.js';
export * from './chat.js';
export * from './calls.js';
export * from './task-lists.js';
export * from './realtime.js';
export * from './mobile.js';
export * from './geocoding.js';
export * from './surveys.js';
export * from './ens.js';
export * from './timers.js';
export * from './countries.js';
export * from './security-phrases.js';
export * from './active-sessions.js';
export * from './notification-settings.js';
export * from './health.js';
