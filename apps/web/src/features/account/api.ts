/**
 * Account lifecycle calls (spec §7 Employees and profile: validatetokenforpin, validateAndConfirm,
 * validateLink, confirmpassword) and the admin demo mailbox. The single sign-on completion (sso) is
 * features/auth/api.ts's, so /login loads none of these pages' query hooks (issue 20).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ConfirmPasswordBody,
  OutboxMessage,
  ValidateAndConfirmRequest,
  ValidateLinkBody,
  ValidateTokenForPinBody,
  ZConfirmPasswordRequest,
  ZOutboxRequest,
  ZValidateLinkRequest,
  ZValidateTokenForPinRequest,
} from '@vigil/contract';
import { ApiError, apiPost, postEnvelope } from '../../shared/api/client';

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

export const accountKeys = {
  activation: (token: string) => ['account', 'activation', token] as const,
  resetLink: (token: string) => ['account', 'reset-link', token] as const,
  outbox: ['account', 'outbox'] as const,
};

/** The activation link check, once per token (no retries: a used link stays used). */
export function useActivationLink(token: string) {
  return useQuery({
    queryKey: accountKeys.activation(token),
    queryFn: () => validateTokenForPin(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useActivate() {
  return useMutation({ mutationFn: validateAndConfirm });
}

/** The reset link check, once per token. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: accountKeys.resetLink(token),
    queryFn: () => validateLink(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useConfirmPassword(token: string) {
  return useMutation({ mutationFn: (password: string) => confirmPassword(token, password) });
}

/** The demo mailbox (platform admin): newest messages first. */
export function useOutbox() {
  return useQuery({
    queryKey: accountKeys.outbox,
    queryFn: () =>
      apiPost<{ outboxobject: OutboxMessage[] }>('/api/admin/outbox', { case: 'GET-OUTBOX', limit: 100 } satisfies z.input<
        typeof ZOutboxRequest
      >).then((b) => b.outboxobject),
  });
}
