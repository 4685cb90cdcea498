/** Password input with a show/hide toggle (an OutlinedField: no TextField on the public pages). */
import { forwardRef, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { OutlinedField, type OutlinedFieldProps } from './OutlinedField';

export type PasswordFieldProps = Omit<OutlinedFieldProps, 'type' | 'endAdornment'>;

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <OutlinedField
      {...props}
      ref={ref}
      type={shown ? 'text' : 'password'}
      endAdornment={
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
      }
    />
  );
});
