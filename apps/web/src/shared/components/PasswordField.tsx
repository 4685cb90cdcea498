/** Password input with a show/hide toggle. */
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & { testId?: string };

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField({ testId, ...props }, ref) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      inputRef={ref}
      type={shown ? 'text' : 'password'}
      slotProps={{
        htmlInput: testId ? { 'data-testid': testId } : {},
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t(shown ? 'common.hidePassword' : 'common.showPassword')}
                onClick={() => setShown((s) => !s)}
                edge="end"
                size="small"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
