/**
 * POST /api/client/manageuserproperties (spec §7 Employees and profile): UPDATE-PROFILE,
 * UPDATE-PASSWORD, UPDATE-LANGUAGE. Answers {status, success, body:{msg}, description}.
 */
import { useMutation } from '@tanstack/react-query';
import type { Envelope, ManageUserPropertiesBody } from '@vigil/contract';
import type { Language } from '@vigil/i18n';
import { postEnvelope } from '../../shared/api/client';

const PATH = '/api/client/manageuserproperties';

export interface ProfileUpdate {
  profileName: string;
  profileLastName: string;
  profileEmail: string;
}
export interface PasswordUpdate {
  oldpass: string;
  newpass: string;
  confirmpass: string;
}

export function updateProfile(v: ProfileUpdate): Promise<Envelope<ManageUserPropertiesBody>> {
  return postEnvelope<ManageUserPropertiesBody>(PATH, { case: 'UPDATE-PROFILE', ...v });
}

export function updatePassword(v: PasswordUpdate): Promise<Envelope<ManageUserPropertiesBody>> {
  return postEnvelope<ManageUserPropertiesBody>(PATH, { case: 'UPDATE-PASSWORD', ...v });
}

export function updateLanguage(langId: Language): Promise<Envelope<ManageUserPropertiesBody>> {
  return postEnvelope<ManageUserPropertiesBody>(PATH, { case: 'UPDATE-LANGUAGE', langId });
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
