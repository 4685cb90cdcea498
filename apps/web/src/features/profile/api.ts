/**
 * POST /api/client/manageuserproperties (spec §7 Employees and profile): UPDATE-PROFILE,
 * UPDATE-PASSWORD, UPDATE-LANGUAGE. Answers {status, success, body:{msg}, description}.
 */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Envelope,
  ManageUserPropertiesBody,
  ZUpdateLanguageRequest,
  ZUpdatePasswordRequest,
  ZUpdateProfileRequest,
} from '@vigil/contract';
import type { Language } from '@vigil/i18n/languages';
import { postEnvelope } from '../../shared/api/client';

const PATH = '/api/client/manageuserproperties';

/** UPDATE-PROFILE fields (names; the e-mail is read-only). */
export type ProfileUpdate = Omit<z.input<typeof ZUpdateProfileRequest>, 'case'>;
/** UPDATE-PASSWORD fields (old, new, confirm). */
export type PasswordUpdate = Omit<z.input<typeof ZUpdatePasswordRequest>, 'case'>;

export function updateProfile(v: ProfileUpdate): Promise<Envelope<ManageUserPropertiesBody>> {
  return postEnvelope<ManageUserPropertiesBody>(PATH, { case: 'UPDATE-PROFILE', ...v } satisfies z.input<typeof ZUpdateProfileRequest>);
}

export function updatePassword(v: PasswordUpdate): Promise<Envelope<ManageUserPropertiesBody>> {
  return postEnvelope<ManageUserPropertiesBody>(PATH, { case: 'UPDATE-PASSWORD', ...v } satisfies z.input<typeof ZUpdatePasswordRequest>);
}

export function updateLanguage(langId: Language): Promise<Envelope<ManageUserPropertiesBody>> {
  return postEnvelope<ManageUserPropertiesBody>(PATH, { case: 'UPDATE-LANGUAGE', langId } satisfies z.input<typeof ZUpdateLanguageRequest>);
}

/** The server's message of an answer: body.msg, else description. */
export function serverMessage(env: Envelope<ManageUserPropertiesBody>): string | undefined {
  return env.body?.msg || env.description || undefined;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
