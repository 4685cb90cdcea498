/**
 * `@vigil/server/testing`: what the other workspaces (bench/, e2e/) may use of the server, so they
 * never import its files by relative path. Test harness only; nothing here is part of the API.
 * - The in-process test server and HTTP/socket clients (test/helpers.ts).
 * - Real SMTP and OpenID Connect peers (test/account-peers.ts).
 * - Opening a database, its reference data, password hashing (argon2id) and the scale seed's
 *   password, for benchmarks that build their own data.
 * - The ENS delivery worker of a server (started by server.ts in production), for the ENS benchmark.
 */
export {
  ApiClient,
  DB_KINDS,
  freshDatabaseUrl,
  mobileLogin,
  SocketClient,
  startServerOn,
  startTestServer,
  type ApiResponse,
  type DbKind,
  type TestServer,
} from './test/helpers.js';
export { linkIn, parseMail, startOidcPeer, startSmtpPeer, type OidcPeer, type ReceivedMail, type SmtpPeer } from './test/account-peers.js';
export { openDatabase, type Database } from './src/db/client.js';
export { ensureReferenceData } from './src/db/reference-data.js';
export { hashSecret } from './src/modules/auth/passwords.js';
export { SCALE_PASSWORD } from './src/db/seed/scale.js';
export {
  SESSION_ENDING,
  fuzzRoutes,
  openSessions,
  registeredRoutes,
  snapshotThird,
  startAttackServer,
  type FuzzResult,
  type Session,
  type ThirdOrganization,
} from './test/attack/harness.js';
export { isEmailAddress, isDay, isStorableText, cleanText } from '@vigil/contract';
export {
  ZEmployeeDetails,
  ZLoginEmail,
  ZOptionalEmail,
  ZLocateRequest,
  ZUpdateSsoRequest,
  ZTimeOfDay,
  ZTimeZone,
  ZLinkToken,
  zId,
  zDay,
  zNumber,
  toE164,
} from '@vigil/contract';
export { neutralizeCsvCell } from './src/lib/csv.js';
export { isAddressOrCidr, loadConfig } from './src/config.js';
export { requestOrigin } from './src/lib/http.js';
export { seedScale, parseScaleArgs } from './src/db/seed/scale.js';
export { trimHistory } from './src/db/retention.js';
export { startEnsDelivery } from './src/modules/ens/ens-delivery.js';
export { webmTiming, type WebmTiming, type WebmTrackTiming } from './test/webm.js';
