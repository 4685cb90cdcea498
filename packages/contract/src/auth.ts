/**
 * Requests and responses of spec §7 "Common and authentication": login, loginwithtoken, the
 * login-server lookup (and §3 Login result, Session). Forgot password is in account.ts.
 * Validation messages are catalogue keys (errors.ts ValidationKey), so the web form resolver and
 * the server share one rule and one text.
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import { SESSION_TOKEN_MIN_LENGTH } from './constants.js';
import { zNumber } from './numbers.js';
import { EMAIL_MAX } from './email.js';

/** Login email: trimmed, required, a valid address (spec §5 Login email). */
export const ZLoginEmail = z
  .string({ error: ValidationKey.LoginEmailRequired })
  .trim()
  .min(1, { error: ValidationKey.LoginEmailRequired })
  .max(EMAIL_MAX, { error: ValidationKey.LoginEmailInvalid })
  .pipe(z.email({ error: ValidationKey.LoginEmailInvalid }));

/** POST /api/client/login and /api/admin/login body (spec §7). */
export const ZLoginRequest = z.object({
  username: ZLoginEmail,
  password: z.string({ error: ValidationKey.LoginPasswordRequired }).min(1, { error: ValidationKey.LoginPasswordRequired }),
  sessiontype: z.literal('WEB').default('WEB'),
});
export type LoginRequest = z.input<typeof ZLoginRequest>;

/** POST /api/client/loginwithtoken and /api/admin/loginwithtoken body (spec §7; §2 Session gate). */
export const ZLoginWithTokenRequest = z.object({
  token: z.string({ error: 'errors.sessionTokenNotFound' }).min(SESSION_TOKEN_MIN_LENGTH, { error: 'errors.sessionTokenNotFound' }),
});

/** An optional coordinate of a form post: '' (the console's empty field) and null mean none. */
const formCoordinate = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v == null ? undefined : v), zNumber(min, max).optional());

/**
 * The login-server lookup (POST /locate, form data; spec §7 "Location lookup").
 * Email must contain exactly one @ (spec §5) else 'Could not process email address'.
 */
export const ZLocateRequest = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, { error: 'errors.emailNotProcessable' })
    .refine((e) => e.length <= EMAIL_MAX && e.indexOf('@') > -1 && e.indexOf('@') === e.lastIndexOf('@'), {
      error: 'errors.emailNotProcessable',
    }),
  latitude: formCoordinate(-90, 90),
  longitude: formCoordinate(-180, 180),
  organization: z.string().max(255).optional(),
  redirectUri: z.string().max(2048).optional(),
});
/**
 * Locate answer: `url` is where the account signs in. An https address that is not this
 * server is a single sign-on authorization address (spec §2 /login); otherwise `url` is the API
 * base and the login page shows the password step. Unknown emails get the same answer as
 * password accounts (no account enumeration).
 */
export const ZLocateResponse = z.strictObject({
  url: z.string(),
  sso: z.boolean(),
});
export type LocateResponse = z.output<typeof ZLocateResponse>;

/** Session (spec §3 "Session: UserInfos (Token, UserId, Email, RoleId, RoleName)"). */
export const ZUserInfos = z.strictObject({
  Token: z.string(),
  UserId: z.number(),
  Email: z.string(),
  RoleId: z.number(),
  RoleName: z.string(),
  RoleNameDisplay: z.string(),
  Name: z.string(),
  Surname: z.string(),
  PhoneNumber: z.string().nullable(),
  LangId: z.string(),
  OrganizationId: z.number().nullable(),
  OrganizationName: z.string().nullable(),
  /** A temporary password is in use: the console and the app show only the password change until a new one is chosen. */
  MustChangePassword: z.boolean(),
  /**
   * The event log's position when this answer was made (our design, spec §7 Real-time channel): the
   * id of the newest event this server had read. Every snapshot read after this answer holds the
   * events up to it, so a console that has applied no event yet sends it as its first socket
   * init's lastEventId, and an event committed between its sign-in and its socket is replayed
   * instead of falling between the two.
   */
  LastEventId: z.number().int().min(0),
});
export type UserInfos = z.output<typeof ZUserInfos>;

/** Login result (spec §3: app versions, notes category, security offices, SIP URI, units, user infos/profile/settings, device infos). */
export const ZLoginResult = z.strictObject({
  AppVersions: z.strictObject({
    Web: z.string(),
    Android: z.string(),
    Ios: z.string(),
  }),
  NotesCategory: z.array(z.string()),
  SecurityOffices: z.array(
    z.strictObject({
      Id: z.number(),
      Name: z.string(),
    }),
  ),
  SipUri: z.string().nullable(),
  Units: z.strictObject({
    Distance: z.literal('m'),
    Duration: z.literal('s'),
  }),
  UserInfos: ZUserInfos,
  UserProfile: z.strictObject({
    Name: z.string(),
    Surname: z.string(),
    Email: z.string(),
    PhoneNumber: z.string().nullable(),
    RoleId: z.number(),
    RoleNameDisplay: z.string(),
  }),
  UserSettings: z.strictObject({
    LangId: z.string(),
    NotificationsEnabled: z.boolean(),
  }),
  DeviceInfos: z.null(),
  IsAdmin: z.boolean(),
});
export type LoginResult = z.output<typeof ZLoginResult>;

/** isauthenticated answer body (spec §7 "isauthenticated"): the signed-in user's infos and whether the session is the platform admin's. */
export const ZIsAuthenticatedBody = z.strictObject({
  UserInfos: ZUserInfos,
  IsAdmin: z.boolean(),
});
export type IsAuthenticatedBody = z.output<typeof ZIsAuthenticatedBody>;

/** Lifetime of an external sign-in token (POST /api/client/externaltoken), seconds. */
export const EXTERNAL_TOKEN_SECONDS = 120;

/**
 * POST /api/client/externaltoken and /api/mobile/externaltoken body (spec §7 Common and
 * authentication "externaltoken"; issue 19, our design, docs/API.md): a signed-in user asks for a
 * one-time token that opens the web console as the same user elsewhere — another browser, or the
 * console from the mobile app — through loginwithtoken or the link /login?token=….
 */
export const ZExternalTokenRequest = z.object({
  case: z.literal('CREATE-EXTERNAL-TOKEN').default('CREATE-EXTERNAL-TOKEN'),
});

/**
 * externaltoken answer body: the raw token (shown once, only its hash is stored), when it expires
 * (ISO 8601 UTC; EXTERNAL_TOKEN_SECONDS after issue) and the console link that spends it. Asking
 * again spends the earlier unspent token.
 */
export const ZExternalToken = z.strictObject({
  token: z.string(),
  expiresAt: z.string(),
  url: z.string(),
});
export type ExternalToken = z.output<typeof ZExternalToken>;
