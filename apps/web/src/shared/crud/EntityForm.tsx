/**
 * The generic edit form of every management screen (STYLE.md edit scaffold): a field list laid
 * out on a grid, react-hook-form with the contract's zod schema (zodResolver, so the console and
 * the server give the same §5 messages), a server error shown above the buttons and, for a 400
 * naming a field or a 409, under that field. Used inline (tabs) or in EntityFormDialog.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translator';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { countryIsoOf, DEFAULT_PHONE_COUNTRY } from '@vigil/contract';
import { ApiError } from '../api/client';
import { PhoneField } from '../components/PhoneField';
import { useOrganizationCountry } from '../organization/api';
import { useErrorText } from '../api/use-error-text';
import type { GeocodeArea } from '../geocoding/api';
import { CoordinatesField } from './CoordinatesField';

/**
 * One form field. `kind` picks the input; `wide` spans the whole row. `coordinates` is not a value
 * of its own: the map picker that writes the form's `latitude` and `longitude` fields
 * (CoordinatesField), with the address lookup of the `geocode` area when the server has a geocoder.
 */
export interface FieldDef {
  name: string;
  label: string;
  /** 'phone': PhoneField (country picker from the §3 country list, starting on the organisation's country). */
  kind?:
    'text' | 'number' | 'select' | 'multiselect' | 'switch' | 'time' | 'weekSchedule' | 'holidays' | 'textarea' | 'coordinates' | 'phone';
  /** kind 'coordinates': whose geocode call looks addresses up (the client or the admin console's). */
  geocode?: GeocodeArea;
  options?: { value: string | number; label: string }[];
  maxLength?: number;
  wide?: boolean;
  helper?: string;
  /** Shown only when this returns true for the current values. */
  visible?: (values: FieldValues) => boolean;
}

/** A form schema: an object of fields (the contract's request schemas and their parts). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface EntityFormProps<S extends FormSchema> {
  testId: string;
  /** The contract schema the values are checked with (the server checks the same one). */
  schema: S;
  defaultValues: FieldValues;
  fields: FieldDef[];
  /** Receives the values as the schema outputs them (coerced, defaulted); a thrown ApiError is shown. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  onCancel?: () => void;
  submitLabel?: string;
  /** The §8 text shown when saving fails without an explanation from the server (spec §8 "Other"). */
  saveErrorKey?: string;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
interface DayValue {
  weekday: number;
  opensAt: string;
  closesAt: string;
}
interface HolidayValue {
  day: string;
  name: string;
}

/** The generic form. */
export function EntityForm<S extends FormSchema>(props: EntityFormProps<S>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<FieldValues, unknown, z.output<S>>({
    // The resolver parses with the schema, so handleSubmit receives the schema's output.
    resolver: zodResolver(props.schema as FormSchema) as Resolver<FieldValues, unknown, z.output<S>>,
    defaultValues: props.defaultValues,
  });
  // A default that depends on a list still loading when the form opened (the first branch type,
  // say) fills its field when it arrives, unless the user has already chosen.
  const defaultsKey = JSON.stringify(props.defaultValues);
  useEffect(() => {
    for (const [name, value] of Object.entries(props.defaultValues)) {
      if (value === '' || value == null) continue;
      const current: unknown = form.getValues(name);
      if ((current === '' || current == null) && !form.getFieldState(name).isDirty) {
        form.setValue(name, value, { shouldValidate: form.formState.isSubmitted });
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the defaults' content
  }, [defaultsKey]);
  const values = form.watch();
  // Phone fields start on the organisation's country, else the form's own country (a client being added), else US (spec §5).
  const organizationCountry = useOrganizationCountry();
  const phoneCountry =
    countryIsoOf(organizationCountry) ?? countryIsoOf(typeof values.country === 'string' ? values.country : null) ?? DEFAULT_PHONE_COUNTRY;
  const message = (m: unknown, f: FieldDef) => (typeof m === 'string' ? t(m, { length: f.maxLength ?? '' }) : undefined);

  const submit = form.handleSubmit(async (v) => {
    setServerError(null);
    setSaved(false);
    try {
      await props.onSubmit(v);
      setSaved(true);
    } catch (e) {
      const text = errorText(e, props.saveErrorKey);
      if (e instanceof ApiError && e.field && props.fields.some((f) => f.name === e.field)) form.setError(e.field, { message: text });
      setServerError(text);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid={`${props.testId}-form`}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
        {props.fields
          .filter((f) => !f.visible || f.visible(values))
          .map((f) => (
            <Box
              key={f.name}
              sx={{
                gridColumn: f.wide || f.kind === 'weekSchedule' || f.kind === 'holidays' || f.kind === 'coordinates' ? '1 / -1' : undefined,
              }}
            >
              {f.kind === 'coordinates' ? (
                <CoordinatesField
                  values={values}
                  geocode={f.geocode}
                  testId={`${props.testId}-${f.name}`}
                  onChange={(v) => {
                    form.setValue('latitude', v.latitude, { shouldDirty: true, shouldValidate: true });
                    form.setValue('longitude', v.longitude, { shouldDirty: true, shouldValidate: true });
                  }}
                />
              ) : (
                <Controller
                  name={f.name}
                  control={form.control}
                  render={({ field, fieldState }) => {
                    const err = message(fieldState.error?.message, f);
                    const testId = `${props.testId}-${f.name}`;
                    switch (f.kind) {
                      case 'switch':
                        return (
                          <FormControlLabel
                            control={
                              <Switch
                                checked={!!field.value}
                                onChange={(e) => field.onChange(e.target.checked)}
                                slotProps={{ input: { 'aria-label': f.label, ...{ 'data-testid': testId } } }}
                              />
                            }
                            label={f.label}
                          />
                        );
                      case 'select':
                      case 'multiselect': {
                        const multiple = f.kind === 'multiselect';
                        return (
                          <TextField
                            select
                            fullWidth
                            size="small"
                            label={f.label}
                            error={!!err}
                            helperText={err ?? f.helper}
                            value={
                              multiple
                                ? ((field.value as unknown[] | undefined) ?? []).map(String)
                                : field.value == null
                                  ? ''
                                  : String(field.value)
                            }
                            onChange={(e) =>
                              field.onChange(multiple ? (e.target.value as unknown as string[]).map(Number) : e.target.value)
                            }
                            slotProps={{ select: { multiple }, htmlInput: { 'data-testid': testId } }}
                          >
                            {!multiple && <MenuItem value="">{t('management.form.none')}</MenuItem>}
                            {f.options?.map((o) => (
                              <MenuItem key={o.value} value={String(o.value)}>
                                {o.label}
                              </MenuItem>
                            ))}
                          </TextField>
                        );
                      }
                      case 'phone':
                        return (
                          <PhoneField
                            label={f.label}
                            value={typeof field.value === 'string' ? field.value : ''}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            error={err}
                            defaultCountry={phoneCountry}
                            testId={testId}
                          />
                        );
                      case 'weekSchedule':
                        return (
                          <WeekScheduleField
                            value={(field.value as DayValue[] | undefined) ?? []}
                            onChange={field.onChange}
                            error={err}
                            testId={testId}
                          />
                        );
                      case 'holidays':
                        return (
                          <HolidaysField
                            value={(field.value as HolidayValue[] | undefined) ?? []}
                            onChange={field.onChange}
                            error={err}
                            testId={testId}
                          />
                        );
                      default:
                        return (
                          <TextField
                            fullWidth
                            size="small"
                            label={f.label}
                            error={!!err}
                            helperText={err ?? f.helper}
                            type={f.kind === 'time' ? 'time' : 'text'}
                            multiline={f.kind === 'textarea'}
                            minRows={f.kind === 'textarea' ? 2 : undefined}
                            value={field.value ?? ''}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            slotProps={{
                              htmlInput: { 'data-testid': testId, inputMode: f.kind === 'number' ? 'decimal' : undefined },
                              inputLabel: f.kind === 'time' ? { shrink: true } : undefined,
                            }}
                          />
                        );
                    }
                  }}
                />
              )}
            </Box>
          ))}
      </Box>
      {serverError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid={`${props.testId}-error`}>
          {serverError}
        </Alert>
      )}
      {saved && !serverError && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid={`${props.testId}-saved`}>
          {t('management.form.saved')}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        {props.onCancel && <Button onClick={props.onCancel}>{t('common.cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid={`${props.testId}-submit`}>
          {props.submitLabel ?? t('common.save')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The seven weekdays, each open (with opening and closing time) or closed. */
function WeekScheduleField({
  value,
  onChange,
  error,
  testId,
}: {
  value: DayValue[];
  onChange: (v: DayValue[]) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const byDay = new Map(value.map((d) => [d.weekday, d]));
  const set = (weekday: number, next: DayValue | null) => {
    const others = value.filter((d) => d.weekday !== weekday);
    onChange((next ? [...others, next] : others).sort((a, b) => a.weekday - b.weekday));
  };
  return (
    <Stack sx={{ gap: 1 }} data-testid={testId}>
      <Typography variant="subtitle2">{t('management.schedule.weekSchedule')}</Typography>
      {WEEKDAYS.map((wd) => {
        const d = byDay.get(wd);
        return (
          <Stack key={wd} direction="row" sx={{ alignItems: 'center', gap: 2 }}>
            <FormControlLabel
              sx={{ width: 160 }}
              control={
                <Checkbox
                  checked={!!d}
                  onChange={(e) => set(wd, e.target.checked ? { weekday: wd, opensAt: '09:00', closesAt: '17:00' } : null)}
                  slotProps={{ input: { ...{ 'data-testid': `${testId}-day-${wd}` } } }}
                />
              }
              label={t(`management.weekdays.${wd}`)}
            />
            {d ? (
              <>
                <TextField
                  size="small"
                  type="time"
                  label={t('management.schedule.opensAt')}
                  value={d.opensAt}
                  onChange={(e) => set(wd, { ...d, opensAt: e.target.value })}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-opens-${wd}` } }}
                />
                <TextField
                  size="small"
                  type="time"
                  label={t('management.schedule.closesAt')}
                  value={d.closesAt}
                  onChange={(e) => set(wd, { ...d, closesAt: e.target.value })}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-closes-${wd}` } }}
                />
              </>
            ) : (
              <Typography color="text.secondary">{t('management.schedule.closed')}</Typography>
            )}
          </Stack>
        );
      })}
      {error && (
        <Typography color="error" variant="caption">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/** The holiday list: date and name rows, add and remove. */
function HolidaysField({
  value,
  onChange,
  error,
  testId,
}: {
  value: HolidayValue[];
  onChange: (v: HolidayValue[]) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const update = (i: number, next: HolidayValue) => onChange(value.map((h, j) => (j === i ? next : h)));
  return (
    <Stack sx={{ gap: 1 }} data-testid={testId}>
      <Typography variant="subtitle2">{t('management.schedule.holidays')}</Typography>
      {value.map((h, i) => (
        <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            type="date"
            label={t('management.schedule.date')}
            value={h.day}
            onChange={(e) => update(i, { ...h, day: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            label={t('management.schedule.holidayName')}
            value={h.name}
            onChange={(e) => update(i, { ...h, name: e.target.value })}
            sx={{ flexGrow: 1 }}
          />
          <IconButton aria-label={t('management.schedule.remove')} onClick={() => onChange(value.filter((_h, j) => j !== i))}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button onClick={() => onChange([...value, { day: '', name: '' }])} data-testid={`${testId}-add`}>
          {t('management.schedule.addHoliday')}
        </Button>
      </Box>
      {error && (
        <Typography color="error" variant="caption">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

/** EntityForm in a dialog (add and edit); `before`: content shown above the form (e.g. a client's admins). */
export function EntityFormDialog<S extends FormSchema>(
  props: EntityFormProps<S> & { open: boolean; title: string; onClose: () => void; before?: ReactNode },
) {
  const { open, title, onClose, before, ...form } = props;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth data-testid={`${props.testId}-dialog`}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {open && before}
        {open && <EntityForm {...form} onCancel={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
