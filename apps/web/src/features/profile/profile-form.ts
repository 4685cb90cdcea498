/**
 * The profile form's rule (spec §5 Profile): first name and surname required; the password
 * block is optional, but when any of old/new/confirm is filled all three are required and
 * new must equal confirm ('New Password confirmation failed'; the dialog's warning reads
 * '(New Password confirmation failed)', spec §8). Reuses the
 * contract's request schemas so the server and the form share one rule.
 */
import { z } from 'zod';
import { ZUpdatePasswordRequest, ZUpdateProfileRequest } from '@vigil/contract';

export const MISMATCH_KEY = 'errors.newPasswordConfirmation';
/** The warning the dialog shows for that mismatch: '(New Password confirmation failed)' (spec §8 Profile). */
export const MISMATCH_WARNING_KEY = 'errors.newPasswordConfirmationWarning';

export const ZProfileForm = z
  .object({
    profileName: ZUpdateProfileRequest.shape.profileName,
    profileLastName: ZUpdateProfileRequest.shape.profileLastName,
    oldpass: z.string(),
    newpass: z.string(),
    confirmpass: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!hasPasswordChange(v)) return;
    const r = ZUpdatePasswordRequest.safeParse({
      case: 'UPDATE-PASSWORD',
      oldpass: v.oldpass,
      newpass: v.newpass,
      confirmpass: v.confirmpass,
    });
    if (r.success) return;
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });

export type ProfileFormInput = z.input<typeof ZProfileForm>;
export type ProfileFormOutput = z.output<typeof ZProfileForm>;

export function hasPasswordChange(v: { oldpass: string; newpass: string; confirmpass: string }): boolean {
  return v.oldpass !== '' || v.newpass !== '' || v.confirmpass !== '';
}
