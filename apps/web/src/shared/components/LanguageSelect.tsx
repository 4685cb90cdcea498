/**
 * English / Shqip selector (login and account pages): the browser's own `<select>` in MUI's
 * outlined frame (issue 20 "First page": MUI's Select brings Menu, Popover, Modal and transitions).
 */
import { useId } from 'react';
import { useTranslation } from '../i18n/translator';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { LANGUAGES } from '@vigil/i18n/languages';
import { currentLanguage, isLanguage, setLanguage } from '../i18n/language';

export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const label = t('app.language');
  return (
    <FormControl variant="outlined" size="small" sx={{ minWidth: 140 }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={currentLanguage()}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void setLanguage(e.target.value);
        }}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ id, 'data-testid': 'language-select' } as Record<string, string>}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} data-testid={`language-option-${l}`}>
            {t(`app.languages.${l}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
