/**
 * A phone field (spec §3 PhoneNumber "shown in international format, US default"; §3 Country
 * list entry; issue 19): the number with a country picker from the country list (name, dial code,
 * ISO code; libphonenumber-js metadata, names in the console's language). The picker starts on
 * `defaultCountry` (the organisation's country) and gives the hint an example number of that
 * country; a number typed without '+' is read as a national number of the chosen country and
 * shown in international form when the field is left.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';
import { countryList } from '@vigil/contract';

export interface PhoneFieldProps {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  defaultCountry: CountryCode;
  testId: string;
}

/** The international form of `value` read with `country` for national numbers; `value` itself when it is not a number. */
export function toInternational(value: string, country: CountryCode): string {
  const v = value.trim();
  if (!v) return '';
  const parsed = parsePhoneNumberFromString(v, v.startsWith('+') ? undefined : country);
  return parsed?.isValid() ? parsed.formatInternational() : v;
}

export function PhoneField(props: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryList(i18n.language), [i18n.language]);
  const [chosen, setChosen] = useState<CountryCode | null>(null);
  // The whole list is rendered only while the picker is open: forms re-render on every keystroke.
  const [open, setOpen] = useState(false);
  const fromNumber = props.value.startsWith('+') ? parsePhoneNumberFromString(props.value)?.country : undefined;
  const country: CountryCode = chosen ?? fromNumber ?? props.defaultCountry;
  const example = getExampleNumber(country, examples)?.formatInternational() ?? '';
  return (
    <TextField
      fullWidth
      size="small"
      label={props.label}
      error={!!props.error}
      helperText={props.error ?? t('management.phone.hint', { example })}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={() => {
        const formatted = toInternational(props.value, country);
        if (formatted !== props.value) props.onChange(formatted);
        props.onBlur?.();
      }}
      slotProps={{
        htmlInput: { 'data-testid': props.testId, inputMode: 'tel' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <TextField
                select
                variant="standard"
                value={country}
                onChange={(e) => {
                  const iso = e.target.value as CountryCode;
                  setChosen(iso);
                  const dial = countries.find((c) => c.isoCode === iso)?.dialCode ?? '';
                  if (!props.value.trim()) props.onChange(`${dial} `);
                }}
                slotProps={{
                  select: {
                    open,
                    onOpen: () => setOpen(true),
                    onClose: () => setOpen(false),
                    renderValue: (v) => `${String(v)} ${countries.find((c) => c.isoCode === v)?.dialCode ?? ''}`,
                    MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
                  },
                  htmlInput: { 'aria-label': t('management.phone.country'), 'data-testid': `${props.testId}-country` },
                }}
                sx={{ minWidth: 92 }}
              >
                {(open ? countries : countries.filter((c) => c.isoCode === country)).map((c) => (
                  <MenuItem key={c.isoCode} value={c.isoCode}>
                    {c.name} ({c.dialCode})
                  </MenuItem>
                ))}
              </TextField>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
