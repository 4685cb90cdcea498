/**
 * The state of a sign-in form (login, admin login, forgot password): its text fields' values and
 * validation messages (issue 20 "First page": the sign-in pages load no form library). Behaves as
 * the console's other forms (react-hook-form's defaults): the fields are checked when the form is
 * submitted, then again as each one changes; a submit with a field in error focuses the first such
 * field and does not call `onValid`.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** A field's rule: undefined when the value is valid, else the catalogue key of its message. */
export type FieldRule = (value: string) => string | undefined;

/** What `field(name)` gives a text field: spread it onto EmailField / PasswordField / OutlinedField. */
export interface SignInFieldProps {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  ref: (input: HTMLInputElement | null) => void;
}

/** The form's state and handlers, for fields `K` (see useSignInForm). */
export interface SignInForm<K extends string> {
  /** The props of field `name`. */
  field: (name: K) => SignInFieldProps;
  /** The catalogue key of each field's message, where it has one. */
  errors: Partial<Record<K, string>>;
  /** The current values. */
  values: Record<K, string>;
  /** The form's onSubmit: checks every field; calls `onValid` with the values when all are valid. */
  handleSubmit: (onValid: (values: Record<K, string>) => void) => (e: FormEvent) => void;
}

/**
 * A sign-in form's state: `rules` gives each field's rule (its keys are the fields, in the order
 * they are shown), `initial` their first values.
 */
export function useSignInForm<K extends string>(rules: Record<K, FieldRule>, initial: Record<K, string>): SignInForm<K> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});
  const names = Object.keys(rules) as K[];

  const field = (name: K): SignInFieldProps => ({
    name,
    value: values[name],
    onChange: (e) => {
      const value = e.target.value;
      setValues((prev) => ({ ...prev, [name]: value }));
      if (submitted.current) setErrors((prev) => ({ ...prev, [name]: rules[name](value) }));
    },
    ref: (input) => {
      inputs.current[name] = input;
    },
  });

  const handleSubmit = (onValid: (values: Record<K, string>) => void) => (e: FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    const found: Partial<Record<K, string>> = {};
    for (const name of names) {
      const message = rules[name](values[name]);
      if (message) found[name] = message;
    }
    setErrors(found);
    const first = names.find((name) => found[name]);
    if (first) inputs.current[first]?.focus();
    else onValid(values);
  };

  return { field, errors, values, handleSubmit };
}
