/** English / Shqip selector (login pages). */
import { useTranslation } from 'react-i18next';
import { MenuItem, TextField } from '@mui/material';
import { LANGUAGES } from '@vigil/i18n/languages';
import { currentLanguage, isLanguage, setLanguage } from '../i18n/language';

export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('app.language')}
      value={currentLanguage()}
      onChange={(e) => {
        if (isLanguage(e.target.value)) void setLanguage(e.target.value);
      }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'language-select' } as Record<string, string> } }}
      sx={{ minWidth: 140 }}
    >
      {LANGUAGES.map((l) => (
        <MenuItem key={l} value={l} data-testid={`language-option-${l}`}>
          {t(`app.languages.${l}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
