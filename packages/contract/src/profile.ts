/** POST /api/client/manageuserproperties (spec §7 Employees and profile; §5 Profile; §8 Profile). */
import { z } from 'zod';
import { envelopeOf } from './envelope.js';
import { ValidationKey } from './errors.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';

/** UPDATE-PROFILE: first name and surname required (spec §5). Email is read-only (spec §2 Profile dialog). */
export const ZUpdateProfileRequest = z.object({
  case: z.literal('UPDATE-PROFILE'),
  profileName: z.string().trim().min(1, { error: ValidationKey.FirstNameRequired }).max(100, { error: ValidationKey.Max }),
  profileLastName: z.string().trim().min(1, { error: ValidationKey.SurnameRequired }).max(100, { error: ValidationKey.Max }),
  profileEmail: z.string().optional(),
});

/** UPDATE-PASSWORD: old, new and confirm filled; new == confirm else 'New Password confirmation failed' (spec §5). */
export const ZUpdatePasswordRequest = z
  .object({
    case: z.literal('UPDATE-PASSWORD'),
    oldpass: z.string().min(1, { error: ValidationKey.OldPasswordRequired }),
    newpass: z.string().min(1, { error: ValidationKey.NewPasswordRequired }).min(PASSWORD_MIN_LENGTH, { error: ValidationKey.PasswordMin }),
    confirmpass: z.string().min(1, { error: ValidationKey.ConfirmPasswordRequired }),
  })
  .refine((v) => v.newpass === v.confirmpass, { error: 'errors.newPasswordConfirmation', path: ['confirmpass'] });

/** UPDATE-LANGUAGE: the user's language for the console and e-mails (spec §3 User LangId). */
export const ZUpdateLanguageRequest = z.object({
  case: z.literal('UPDATE-LANGUAGE'),
  langId: z.enum(['en', 'sq']),
});

export const ZManageUserPropertiesRequest = z.union([ZUpdateProfileRequest, ZUpdatePasswordRequest, ZUpdateLanguageRequest]);
/** Response body: `{ msg }` with the server's message; the envelope also carries `status`. */
export const ZManageUserPropertiesBody = z.strictObject({
  msg: z.string(),
});
export type ManageUserPropertiesBody = z.output<typeof ZManageUserPropertiesBody>;

/**
 * The whole manageuserproperties answer (spec §7: "response status, success, body.msg,
 * description"): the success envelope plus `status`, the HTTP status repeated (200).
 */
export const ZManageUserPropertiesAnswer = envelopeOf(ZManageUserPropertiesBody).extend({ status: z.number() });
