/**
 * An outlined text field assembled from MUI's parts (FormControl, InputLabel, OutlinedInput,
 * FormHelperText), drawn and labelled like `<TextField variant="outlined">`: the label is the
 * input's `<label for>`, the helper text its `aria-describedby`. Issue 20 "First page": MUI's
 * TextField imports its `select` mode (Select → Menu → Popover → Modal → transitions) and the
 * filled and standard inputs whatever it draws; the pages reached without a session use this one
 * instead. `inputRef` is the `<input>` element (to focus it).
 */
import { forwardRef, useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

/** The props of OutlinedField (as TextField's of the same name). */
export interface OutlinedFieldProps {
  label: ReactNode;
  name?: string | undefined;
  value?: string | undefined;
  onChange?: ChangeEventHandler<HTMLInputElement> | undefined;
  onBlur?: FocusEventHandler<HTMLInputElement> | undefined;
  /** The input's type (text, email, password…); text when absent. */
  type?: string | undefined;
  autoComplete?: string | undefined;
  autoFocus?: boolean | undefined;
  fullWidth?: boolean | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  /** Draws the field in the error colour (the message is `helperText`). */
  error?: boolean | undefined;
  /** The text under the field (a hint, or the validation message). */
  helperText?: ReactNode;
  size?: 'small' | 'medium' | undefined;
  /** data-testid of the `<input>`. */
  testId?: string | undefined;
  /** Drawn at the end inside the outline (e.g. a show-password button). */
  endAdornment?: ReactNode;
}

export const OutlinedField = forwardRef<HTMLInputElement, OutlinedFieldProps>(function OutlinedField(
  {
    label,
    name,
    value,
    onChange,
    onBlur,
    type,
    autoComplete,
    autoFocus,
    fullWidth,
    required,
    disabled,
    error,
    helperText,
    size,
    testId,
    endAdornment,
  },
  ref,
) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} required={required} disabled={disabled} error={error} size={size}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        label={label}
        inputRef={ref}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': helperId, ...(testId ? { 'data-testid': testId } : {}) }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
