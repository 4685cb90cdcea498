/**
 * The sign-in forms' field rules (issue 20 "First page": no zod and no form library on the sign-in
 * pages). Same rules and catalogue keys as the contract's ZLoginEmail / ZLoginRequest, which the
 * server applies (loginEmailError is checked against ZLoginEmail in the contract's email.test.ts).
 * A rule answers undefined when the value is valid, else the catalogue key of its message.
 */
import { ValidationKey, loginEmailError } from '@vigil/contract';
import type { FieldRule } from './use-sign-in-form';

/** Login email (spec §5): required, at most EMAIL_MAX characters, a valid address; checked trimmed. */
export const loginEmailRule: FieldRule = (v) => loginEmailError(v) ?? undefined;

/** Login password (spec §5): required. */
export const loginPasswordRule: FieldRule = (v) => (v.length > 0 ? undefined : ValidationKey.LoginPasswordRequired);
