/**
 * Account lifecycle calls (spec §7 Employees and profile: validatetokenforpin, validateAndConfirm,
 * validateLink, confirmpassword; the admin demo mailbox is outbox-api.ts). The single sign-on completion (sso) is
 * features/auth/api.ts's, so /login loads none of these pages' query hooks (issue 20).
 */
import { useCallback } from 'react';
import type { z } from 'zod';
import type {
  ConfirmPasswordBody,
  ValidateAndConfirmRequest,
  ValidateLinkBody,
  ValidateTokenForPinBody,
  ZConfirmPasswordRequest,
  ZValidateLinkRequest,
  ZValidateTokenForPinRequest,
} from '@vigil/contract';
import { ApiError, apiPost, postEnvelope } from '../../shared/api/client';
import { useAction } from '../../shared/api/use-action';
import { useLoad } from '../../shared/api/use-load';

/** POST /api/client/validatetokenforpin: what the activation link offers. */
export function validateTokenForPin(token: string): Promise<ValidateTokenForPinBody> {
  return apiPost<ValidateTokenForPinBody>('/api/client/validatetokenforpin', { token } satisfies z.input<
    typeof ZValidateTokenForPinRequest
  >);
}

/** POST /api/client/validateAndConfirm: activates; resolves with the server's description. */
export async function validateAndConfirm(body: ValidateAndConfirmRequest): Promise<string | undefined> {
  const env = await postEnvelope<unknown>('/api/client/validateAndConfirm', body);
  if (!env.success) throw new ApiError(200, { code: env.code, description: env.description, field: env.field });
  return env.description;
}

/** POST /api/client/validateLink: whether a reset link may be used. */
export function validateLink(token: string): Promise<ValidateLinkBody> {
  return apiPost<ValidateLinkBody>('/api/client/validateLink', {
    case: 'FORGOT-PASSWORD-LINK-VALIDATION',
    token,
  } satisfies z.input<typeof ZValidateLinkRequest>);
}

/** POST /api/client/confirmpassword: sets the new password; resolves with the user's role. */
export function confirmPassword(token: string, password: string): Promise<ConfirmPasswordBody> {
  return apiPost<ConfirmPasswordBody>('/api/client/confirmpassword', {
    case: 'FORGOT-PASSWORD-LINK-VALIDATION-NEWPASSWORD',
    password,
    token,
  } satisfies z.input<typeof ZConfirmPasswordRequest>);
}

/**
 * The activation link check, once per token, without the query client (issue 20 "First page":
 * shared/api/use-load.ts; no retries: a used link stays used).
 */
export function useActivationLink(token: string) {
  return useLoad(token, () => validateTokenForPin(token));
}

/** Activates (validateAndConfirm), without the query client (shared/api/use-action.ts). */
export function useActivate() {
  return useAction(validateAndConfirm);
}

/** The reset link check, once per token (no retries), without the query client. */
export function useResetLink(token: string) {
  return useLoad(token, () => validateLink(token));
}

/** Sets the new password of the reset link `token` (confirmpassword), without the query client. */
export function useConfirmPassword(token: string) {
  const call = useCallback((password: string) => confirmPassword(token, password), [token]);
  return useAction(call);
}
