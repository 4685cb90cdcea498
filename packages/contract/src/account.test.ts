/**
 * The account forms' rules (spec §5 Activation, Reset password): activationFormErrors (what the
 * activation page shows) and activationFormSchema (what the server applies) give the same message
 * for every field, and resetPasswordFormErrors gives the §5 messages in their order.
 */
import { describe, expect, it } from 'vitest';
import { ACTIVATION_FIELDS, AccountKey, activationFormErrors, resetPasswordFormErrors, type ActivationForm } from './account-rules.js';
import { activationFormSchema } from './account.js';
import { PASSWORD_MIN_LENGTH } from './constants.js';

const good = 'x'.repeat(PASSWORD_MIN_LENGTH);
const FORMS: ActivationForm[] = [
  {},
  { password: good, password_confirm: good, pin: '1234', pin_confirm: '1234', duress: '5678', duress_confirm: '5678' },
  { password: 'short', password_confirm: 'other', pin: '12a4', pin_confirm: '1234', duress: '1234', duress_confirm: '1234' },
  { password: good, password_confirm: good, pin: '1234', pin_confirm: '1234', duress: '1234', duress_confirm: '1234' },
  { password: good, password_confirm: `${good}!`, pin: '12345', pin_confirm: '12345', duress: '', duress_confirm: 'x' },
  { password: good.slice(1), password_confirm: good.slice(1), pin: '0000', pin_confirm: '0001', duress: '999', duress_confirm: '999' },
];
const FLAGS = [
  { needPassword: true, needPin: true },
  { needPassword: true, needPin: false },
  { needPassword: false, needPin: true },
  { needPassword: false, needPin: false },
];

describe('activationFormErrors', () => {
  it('gives each field the message the server schema gives it, in the same order', () => {
    for (const flags of FLAGS) {
      for (const form of FORMS) {
        const parsed = activationFormSchema(flags).safeParse(form);
        const fromSchema = parsed.success ? [] : parsed.error.issues.map((i) => [String(i.path[0]), i.message]);
        expect(Object.entries(activationFormErrors(form, flags))).toEqual(fromSchema);
      }
    }
  });

  it('names the §5 message of each broken rule', () => {
    const errors = activationFormErrors(FORMS[2]!, { needPassword: true, needPin: true });
    expect(errors).toEqual({
      password: AccountKey.PasswordMin,
      password_confirm: AccountKey.PasswordConfirm,
      pin: AccountKey.PinFormat,
      pin_confirm: AccountKey.PinConfirm,
    });
    expect(activationFormErrors(FORMS[4]!, { needPassword: false, needPin: true })).toEqual({
      pin: AccountKey.PinFormat,
      duress: AccountKey.DuressFormat,
      duress_confirm: AccountKey.DuressConfirm,
    });
    expect(activationFormErrors(FORMS[3]!, { needPassword: true, needPin: true })).toEqual({ duress: AccountKey.DuressSameAsPin });
    expect(activationFormErrors(FORMS[1]!, { needPassword: true, needPin: true })).toEqual({});
    expect(Object.keys(activationFormErrors({}, { needPassword: true, needPin: true }))).toEqual(
      ACTIVATION_FIELDS.filter((f) => f !== 'pin_confirm' && f !== 'duress_confirm' && f !== 'password_confirm'),
    );
  });
});

describe('resetPasswordFormErrors', () => {
  it('asks for both fields, then the length, then an equal confirmation', () => {
    expect(resetPasswordFormErrors({ password: '', confirm: '' })).toEqual({
      password: AccountKey.NewPasswordRequired,
      confirm: AccountKey.ConfirmPasswordRequired,
    });
    expect(resetPasswordFormErrors({ password: 'short', confirm: 'other' })).toEqual({ password: AccountKey.PasswordMin });
    expect(resetPasswordFormErrors({ password: good, confirm: `${good}2` })).toEqual({ confirm: AccountKey.ResetMismatch });
    expect(resetPasswordFormErrors({ password: good, confirm: good })).toEqual({});
  });
});
