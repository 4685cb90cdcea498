/**
 * The state of an account form (activation, password reset; spec §5): its text fields' values and
 * which of them the user has left. A field shows its message (the page's plain rules from the
 * contract's account-rules.ts) once left or after a submit, then follows each change: what
 * react-hook-form's `onTouched` mode did, without loading a form library on these public pages
 * (issue 20 "First page").
 */
import { useState, type ChangeEvent } from 'react';

/** What `field(name)` gives a PasswordField: its name, value and handlers. */
export interface AccountFieldProps {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

/** The form's values, the props of each field, and the message to show for a field. */
export interface AccountForm<K extends string> {
  values: Record<K, string>;
  /** Props of field `name`; `normalise` rewrites what is typed (e.g. digits only). */
  field: (name: K, normalise?: (typed: string) => string) => AccountFieldProps;
  /** `errors[name]` once the field has been left or the form submitted, else undefined. */
  shown: (errors: Partial<Record<K, string>>, name: K) => string | undefined;
  /** Marks every field as left (a submit): each shows its message from now on. */
  touchAll: () => void;
}

export function useAccountForm<K extends string>(initial: Record<K, string>): AccountForm<K> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  return {
    values,
    field: (name, normalise) => ({
      name,
      value: values[name],
      onChange: (e) => {
        const typed = normalise ? normalise(e.target.value) : e.target.value;
        setValues((v) => ({ ...v, [name]: typed }));
      },
      onBlur: () => setTouched((x) => ({ ...x, [name]: true })),
    }),
    shown: (errors, name) => (touched[name] ? errors[name] : undefined),
    touchAll: () => setTouched(Object.fromEntries(Object.keys(initial).map((k) => [k, true])) as Partial<Record<K, boolean>>),
  };
}
