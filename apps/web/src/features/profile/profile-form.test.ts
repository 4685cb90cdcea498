import { describe, expect, it } from 'vitest';
import { MISMATCH_KEY, ZProfileForm } from './profile-form';

const base = { profileName: 'Ana', profileLastName: 'Hoxha', oldpass: '', newpass: '', confirmpass: '' };
const messages = (v: typeof base) => {
  const r = ZProfileForm.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('profile form rule', () => {
  it('needs first name and surname', () => {
    expect(messages({ ...base, profileName: ' ', profileLastName: '' })).toEqual([
      'profileName:validation.firstNameRequired',
      'profileLastName:validation.surnameRequired',
    ]);
  });
  it('accepts an empty password block', () => {
    expect(messages(base)).toEqual([]);
  });
  it('requires all three password fields when one is filled', () => {
    expect(messages({ ...base, oldpass: 'secret123' })).toEqual(
      expect.arrayContaining(['newpass:validation.newPasswordRequired', 'confirmpass:validation.confirmPasswordRequired']),
    );
  });
  it('reports a new/confirm mismatch with the confirmation-failed key', () => {
    expect(messages({ ...base, oldpass: 'old-pass-1', newpass: 'new-pass-1', confirmpass: 'new-pass-2' })).toEqual([
      `confirmpass:${MISMATCH_KEY}`,
    ]);
  });
  it('accepts a complete, matching change', () => {
    expect(messages({ ...base, oldpass: 'old-pass-1', newpass: 'new-pass-1', confirmpass: 'new-pass-1' })).toEqual([]);
  });
});
