/**
 * The account pages' form rules (spec §5 Activation and Reset password) and the account lifecycle's
 * catalogue keys, in plain code: /validateToken and /resetpassword load this module and not zod
 * (issue 20 "First page", like the sign-in rules of email.ts). account.ts's request schemas apply
 * the same rules on the server (activationFormSchema). Messages are catalogue keys (packages/i18n).
 */
import { ValidationKey } from './errors.js';
import { PASSWORD_MIN_LENGTH, PIN_DIGITS } from './constants.js';

/** Catalogue keys of the account lifecycle (packages/i18n/account.*.json; spec §5, §8 verbatim in English). */
export const AccountKey = {
  /** 'Password must have eight or more characters' (spec §5 Activation). */
  PasswordMin: ValidationKey.PasswordMin,
  /** 'Password confirmation does not match'. */
  PasswordConfirm: 'account.validation.passwordConfirm',
  /** 'PIN must have four digits'. */
  PinFormat: ValidationKey.PinFormat,
  /** 'PIN confirmation does not match'. */
  PinConfirm: 'account.validation.pinConfirm',
  /** 'Panic Code must have four digits'. */
  DuressFormat: 'account.validation.duressFormat',
  /** 'Panic Code must be different from PIN'. */
  DuressSameAsPin: 'account.validation.duressSameAsPin',
  /** 'Panic Code confirmation does not match'. */
  DuressConfirm: 'account.validation.duressConfirm',
  /** 'Enter your new password' (spec §5 Reset password). */
  NewPasswordRequired: ValidationKey.NewPasswordRequired,
  /** 'Confirm your new password'. */
  ConfirmPasswordRequired: ValidationKey.ConfirmPasswordRequired,
  /** 'Please confirm your new password correctly'. */
  ResetMismatch: 'account.validation.resetMismatch',
  /** 'Invalid activation link or link already used.' (spec §8). */
  InvalidActivationLink: 'account.errors.invalidActivationLink',
  /** 'Unable to connect to server. Is your IT department blocking this connection?' (spec §8). */
  UnableToConnect: 'account.errors.unableToConnect',
  /** 'Error on confirm validation and setting the new password' (spec §8). */
  ActivationFailed: 'account.errors.activationFailed',
  /** A reset link that is unknown, used or expired. */
  InvalidResetLink: 'account.errors.invalidResetLink',
  /** 'Error on verifying link' (spec §8). */
  VerifyingLink: 'account.errors.verifyingLink',
  /** 'Error on confirm new password' (spec §8). */
  ConfirmNewPassword: 'account.errors.confirmNewPassword',
  /** 'Error resetting password' (spec §8). */
  ResettingPassword: 'account.errors.resettingPassword',
  /** 'Error validating PIN' (spec §8). */
  ValidatingPin: 'account.errors.validatingPin',
  /** Single sign-on configuration is incomplete or the identity provider cannot be reached. */
  SsoUnavailable: 'account.errors.ssoUnavailable',
  /** The single sign-on e-mail domain belongs to another organisation (409). */
  SsoDomainTaken: 'account.errors.ssoDomainTaken',
  /** Activation link sent again (manageemployees RESEND-ACTIVATION). */
  ActivationSent: 'account.messages.activationSent',
  /** Account activated (validateAndConfirm success). */
  Activated: 'account.messages.activated',
  /** Password set through a reset link (confirmpassword success). */
  PasswordReset: 'account.messages.passwordReset',
  /** The reset link is valid (validateLink success msg). */
  ResetLinkValid: 'account.messages.resetLinkValid',
  /** A temporary password was sent (temporary-password success). */
  TemporaryPasswordSent: 'account.messages.temporaryPasswordSent',
  /** PIN accepted (validatepin success). */
  PinValid: 'account.messages.pinValid',
  /** Single sign-on settings saved (editclient UPDATE-SSO). */
  SsoSaved: 'account.messages.ssoSaved',
} as const;

/** A PIN or panic code: exactly PIN_DIGITS digits. */
export const PIN_PATTERN = new RegExp(`^\\d{${PIN_DIGITS}}$`);

/** The activation form's fields (spec §5 Activation), in the order they are checked and shown. */
export const ACTIVATION_FIELDS = ['password', 'password_confirm', 'pin', 'pin_confirm', 'duress', 'duress_confirm'] as const;
export type ActivationField = (typeof ACTIVATION_FIELDS)[number];
/** The activation form's values; a field left out counts as empty. */
export type ActivationForm = Partial<Record<ActivationField, string>>;

/**
 * The activation form's messages (spec §5 Activation) for the flags of the link: `needPassword`
 * is false when the organisation signs in with single sign-on; `needPin` when the role may use
 * the mobile app (PIN and panic code). Unused fields are ignored. At most one catalogue key per
 * field (AccountKey), in ACTIVATION_FIELDS order: password, its confirmation, PIN, its
 * confirmation, panic code (format, then different from the PIN), its confirmation. Empty when
 * the form is valid. Plain code, no zod: the activation page loads no validation library
 * (issue 20 "First page"); the server applies the same rules through activationFormSchema.
 */
export function activationFormErrors(
  form: ActivationForm,
  flags: { needPassword: boolean; needPin: boolean },
): Partial<Record<ActivationField, string>> {
  const v = (field: ActivationField) => form[field] ?? '';
  const errors: Partial<Record<ActivationField, string>> = {};
  if (flags.needPassword) {
    if (v('password').length < PASSWORD_MIN_LENGTH) errors.password = AccountKey.PasswordMin;
    if (v('password_confirm') !== v('password')) errors.password_confirm = AccountKey.PasswordConfirm;
  }
  if (flags.needPin) {
    if (!PIN_PATTERN.test(v('pin'))) errors.pin = AccountKey.PinFormat;
    if (v('pin_confirm') !== v('pin')) errors.pin_confirm = AccountKey.PinConfirm;
    if (!PIN_PATTERN.test(v('duress'))) errors.duress = AccountKey.DuressFormat;
    else if (v('duress') === v('pin')) errors.duress = AccountKey.DuressSameAsPin;
    if (v('duress_confirm') !== v('duress')) errors.duress_confirm = AccountKey.DuressConfirm;
  }
  return errors;
}

/** The reset form's values (spec §5 Reset password). */
export interface ResetPasswordForm {
  password: string;
  confirm: string;
}

/**
 * The reset form's messages (spec §5 Reset password): the new password is required and has at
 * least PASSWORD_MIN_LENGTH characters; the confirmation is required and, once the new password
 * is valid, equal to it. At most one catalogue key (AccountKey) per field; empty when valid. Plain
 * code, no zod: the reset page loads no validation library (issue 20 "First page"); the server
 * checks the password again (confirmpassword).
 */
export function resetPasswordFormErrors(form: ResetPasswordForm): Partial<Record<keyof ResetPasswordForm, string>> {
  const errors: Partial<Record<keyof ResetPasswordForm, string>> = {};
  if (form.password === '') errors.password = AccountKey.NewPasswordRequired;
  else if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = AccountKey.PasswordMin;
  if (form.confirm === '') errors.confirm = AccountKey.ConfirmPasswordRequired;
  else if (!errors.password && form.password !== form.confirm) errors.confirm = AccountKey.ResetMismatch;
  return errors;
}
