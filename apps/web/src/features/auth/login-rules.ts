/**
 * The sign-in forms' field rules as react-hook-form rules (issue 20 "First page": no zod on the
 * sign-in pages). Same rules and catalogue keys as the contract's ZLoginEmail / ZLoginRequest,
 * which the server applies (loginEmailError is checked against ZLoginEmail in the contract's
 * email.test.ts). A rule answers true or the catalogue key of its message.
 */
import { ValidationKey, loginEmailError } from '@vigil/contract';

/** Login email (spec §5): required, at most EMAIL_MAX characters, a valid address; checked trimmed. */
export const loginEmailRules = { validate: (v: string) => loginEmailError(v) ?? true };

/** Login password (spec §5): required. */
export const loginPasswordRules = { validate: (v: string) => v.length > 0 || ValidationKey.LoginPasswordRequired };
