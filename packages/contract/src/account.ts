/**
 * Account lifecycle (spec §2 /validateToken and /resetpassword, §4 activation and reset flows,
 * §5 Activation and Reset password rules, §7 Employees and profile, §8): requests and answers of
 * forgotpassword, validatetokenforpin, validateAndConfirm, validateLink, confirmpassword,
 * validatepin, temporary-password, manageemployees RESEND-ACTIVATION (the request as a whole is
 * in employees.ts), sso (the account side; an organisation's settings, editclient UPDATE-SSO, are
 * in organizations.ts), and the admin's outbox.
 *
 * The account forms' rules and catalogue keys are in account-rules.ts (no zod: the account pages
 * load no validation library); the schemas here apply them to the server's requests, so both give
 * the same catalogue text. Messages are catalogue keys (packages/i18n, en and sq).
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import { ZLoginEmail } from './auth.js';
import { AccountKey, PIN_PATTERN, activationFormErrors } from './account-rules.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { zId, zInteger } from './numbers.js';

/** Activation link lifetime, hours (one-time, stored hashed). */
export const ACTIVATION_TOKEN_HOURS = 72;
/** Password-reset link lifetime, hours (one-time, stored hashed). */
export const RESET_TOKEN_HOURS = 2;
/** Single sign-on state (PKCE verifier, nonce) lifetime, minutes. */
export const SSO_STATE_MINUTES = 10;

/** POST /api/client/forgotpassword body (spec §7 {case, email, version}). */
export const ZForgotPasswordRequest = z.object({
  case: z.literal('FORGOT-PASSWORD').default('FORGOT-PASSWORD'),
  email: ZLoginEmail,
  version: z.string().optional(),
});

/** A raw one-time token from an activation or reset link (spec §4): base64url, 43 characters for 256 bits (shorter ones are refused). */
export const ZLinkToken = z
  .string()
  .trim()
  .min(20)
  .max(200)
  // Length first: zod runs every check even after max failed, so the pattern sees 200 characters at most.
  .refine((v) => v.length <= 200 && /^[A-Za-z0-9_-]+$/.test(v));

const pin = (key: string) => z.string().regex(PIN_PATTERN, { error: key });

/**
 * The activation form as the server checks it (spec §5 Activation): activationFormErrors's rules,
 * one issue per field in error, in ACTIVATION_FIELDS order; each issue's path names the field and
 * its message is the catalogue key.
 */
export function activationFormSchema(flags: { needPassword: boolean; needPin: boolean }) {
  return z
    .object({
      password: z.string().default(''),
      password_confirm: z.string().default(''),
      pin: z.string().default(''),
      pin_confirm: z.string().default(''),
      duress: z.string().default(''),
      duress_confirm: z.string().default(''),
    })
    .superRefine((v, ctx) => {
      for (const [field, message] of Object.entries(activationFormErrors(v, flags))) {
        ctx.addIssue({ code: 'custom', path: [field], message });
      }
    });
}

/** POST /api/client/validatetokenforpin body (spec §7): the activation token of the link. */
export const ZValidateTokenForPinRequest = z.object({ token: ZLinkToken });
/**
 * validatetokenforpin answer body (spec §7): whether the role may use the mobile app (PIN and
 * panic code asked), the role, whether the organisation uses single sign-on (no password asked)
 * and a description. An invalid, used or expired token answers
 * 400 `account.errors.invalidActivationLink`.
 */
export const ZValidateTokenForPinBody = z.strictObject({
  can_login_mobile: z.boolean(),
  role_id: z.number(),
  uses_sso: z.boolean(),
  description: z.string(),
});
export type ValidateTokenForPinBody = z.output<typeof ZValidateTokenForPinBody>;

/**
 * POST /api/client/validateAndConfirm body (spec §7). `sso` and `show_pin` are what the page
 * was told; the server decides from the token's user and re-validates with activationFormSchema.
 * Success: `{success: true, description}`; the user becomes Active and the token is spent.
 * Failures: 400 `account.errors.invalidActivationLink` (token) or the first §5 message.
 */
export const ZValidateAndConfirmRequest = z.object({
  token: ZLinkToken,
  sso: z.boolean().optional(),
  show_pin: z.boolean().optional(),
  password: z.string().max(200).default(''),
  password_confirm: z.string().max(200).default(''),
  pin: z.string().max(10).default(''),
  pin_confirm: z.string().max(10).default(''),
  duress: z.string().max(10).default(''),
  duress_confirm: z.string().max(10).default(''),
});
export type ValidateAndConfirmRequest = z.input<typeof ZValidateAndConfirmRequest>;

/** POST /api/client/validateLink body (spec §7): a reset link's token. */
export const ZValidateLinkRequest = z.object({
  case: z.literal('FORGOT-PASSWORD-LINK-VALIDATION'),
  token: ZLinkToken,
});
/**
 * validateLink answer body: `resflag` true when the link is unused and unexpired, and `msg`.
 * An invalid link answers 200 with `resflag: false` and `msg` = 'This password reset link is
 * invalid or has expired.' (the page shows msg and no form).
 */
export const ZValidateLinkBody = z.strictObject({
  resflag: z.boolean(),
  msg: z.string(),
});
export type ValidateLinkBody = z.output<typeof ZValidateLinkBody>;

/**
 * POST /api/client/confirmpassword body (spec §7). Success: `{success, description,
 * body: {resetobject: {role_id}}}`; the token is spent and the user's sessions end.
 * 400 `account.errors.invalidResetLink` for an unknown, used or expired token.
 */
export const ZConfirmPasswordRequest = z.object({
  case: z.literal('FORGOT-PASSWORD-LINK-VALIDATION-NEWPASSWORD'),
  password: z
    .string()
    .min(1, { error: AccountKey.NewPasswordRequired })
    .min(PASSWORD_MIN_LENGTH, { error: AccountKey.PasswordMin })
    .max(200),
  token: ZLinkToken,
});
export const ZConfirmPasswordBody = z.strictObject({
  resetobject: z.strictObject({
    role_id: z.number(),
  }),
});
export type ConfirmPasswordBody = z.output<typeof ZConfirmPasswordBody>;

/**
 * POST /api/client/validatepin body (spec §7: payload not shown; ours): the signed-in user's 4-digit PIN. 200 `{success, body:
 * {valid: true}}`; 400 `errors.invalidPin` when wrong; 429 after too many wrong PINs in the
 * window. The PIN is never logged; every attempt is audited.
 */
export const ZValidatePinRequest = z.object({ pin: pin(ValidationKey.PinFormat) });

/**
 * POST /api/client/temporary-password body (spec §7: payload not shown; ours): an organisation admin (2) or dealer (12) sends an
 * Active user of its organisation a temporary password by e-mail; the user's sessions end.
 * 404 for a user outside the caller's scope.
 */
export const ZTemporaryPasswordRequest = z.object({
  case: z.literal('SEND-TEMPORARY-PASSWORD').default('SEND-TEMPORARY-PASSWORD'),
  employeeId: zId(),
});

/**
 * manageemployees SEND-TEMPORARY-PASSWORD (our design, issue 19): the temporary password of
 * POST /api/client/temporary-password on the manageemployees calls, so the platform admin can send
 * one to any organisation's Active user through /api/admin/manageemployees. 404 for a user outside
 * the caller's scope or not Active.
 */
export const ZSendTemporaryPasswordCase = z.object({
  case: z.literal('SEND-TEMPORARY-PASSWORD'),
  employeeId: zId(),
});
/** manageemployees RESEND-ACTIVATION: a new activation link for a Pending user in scope (spec §4). */
export const ZResendActivationRequest = z.object({
  case: z.literal('RESEND-ACTIVATION'),
  employeeId: zId(),
});
/**
 * POST /api/client/sso body (spec §7 {code, session_state, sessiontype, org, redirectUri,
 * force}) plus `state` (and `iss` when the provider sends it, RFC 9207), from the query of the
 * return to /login. The answer is the Login result of /api/client/login.
 */
export const ZSsoRequest = z.object({
  code: z.string().min(1).max(4096),
  session_state: z.string().max(4096).optional(),
  sessiontype: z.literal('WEB').default('WEB'),
  /** The e-mail domain kept in sessionStorage 'vigil.ssoDomain' (informational). */
  org: z.string().max(255).optional(),
  /** Informational: the server uses the redirect URI it stored with the state. */
  redirectUri: z.string().max(2048).optional(),
  /** Accepted for compatibility; a new session is always created. */
  force: z.boolean().optional(),
  /**
   * The OpenID Connect state of the request /locate started. Optional in the shape so that a
   * return carrying only code and session_state reaches the server, which then refuses it with
   * errors.unableToValidate (400) like any unknown state.
   */
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
});
export type SsoRequest = z.input<typeof ZSsoRequest>;

/** POST /api/admin/outbox body (ours, not in the spec; platform admin): the newest held messages, optionally for one recipient. */
export const ZOutboxRequest = z.object({
  case: z.literal('GET-OUTBOX').default('GET-OUTBOX'),
  to: z.string().trim().max(320).optional(),
  limit: zInteger(1, 200).default(50),
});
/** One message of the demo mailbox (outbox): e-mail or SMS kept when no SMTP_URL is set. */
export const ZOutboxMessage = z.strictObject({
  Id: z.number(),
  Channel: z.enum(['email', 'sms']),
  To: z.string(),
  Subject: z.string().nullable(),
  Text: z.string(),
  Html: z.string().nullable(),
  /** UTC ISO time. */
  CreatedAt: z.string(),
});
export type OutboxMessage = z.output<typeof ZOutboxMessage>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/validateAndConfirm. */
export const ZValidateAndConfirmBody = z.strictObject({ role_id: z.number(), can_login_mobile: z.boolean() });
export type ValidateAndConfirmBody = z.output<typeof ZValidateAndConfirmBody>;

/** Answer body of POST /api/client/validatepin. */
export const ZValidatepinBody = z.strictObject({ valid: z.literal(true) });
export type ValidatepinBody = z.output<typeof ZValidatepinBody>;

/** Answer body of POST /api/admin/outbox. */
export const ZAdminOutboxBody = z.strictObject({ outboxobject: z.array(ZOutboxMessage) });
export type AdminOutboxBody = z.output<typeof ZAdminOutboxBody>;
