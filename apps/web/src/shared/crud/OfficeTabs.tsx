/**
 * The office editor shared by head office, regional offices and branches: tabs for details, week
 * schedule, holidays and timers (plus any extra tab), each an EntityForm on the contract schema.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translator';
import { z } from 'zod';
import type { FieldValues } from 'react-hook-form';
import { Box, Paper, Tab, Tabs } from '@mui/material';
import { ZHoliday, ZTimers, ZWeekScheduleDay, type OfficeSchedule } from '@vigil/contract';
import { EntityForm, type FieldDef, type FormSchema } from './EntityForm';

const ZDays = z.object({ days: z.array(ZWeekScheduleDay).max(7) });
const ZHolidays = z.object({ holidays: z.array(ZHoliday).max(400) });

/**
 * The schedule writes of one office, from its feature's api.ts (the UPDATE-…-WEEKSCHEDULE,
 * -HOLIDAYS and -TIMERS cases of its manage call).
 */
export interface OfficeScheduleSavers {
  week: (v: z.output<typeof ZDays>) => Promise<unknown>;
  holidays: (v: z.output<typeof ZHolidays>) => Promise<unknown>;
  timers: (v: z.output<typeof ZTimers>) => Promise<unknown>;
}

export interface OfficeTabsProps<S extends FormSchema> {
  testId: string;
  schedule: OfficeSchedule;
  details: { schema: S; defaultValues: FieldValues; fields: FieldDef[]; save: (v: z.output<S>) => Promise<unknown> };
  saveSchedule: OfficeScheduleSavers;
  extraTabs?: { label: string; content: ReactNode }[];
  /** §8 save-failure texts of the four forms (branches: 'Error updating Branch Details', …). */
  saveErrorKeys?: { details?: string; week?: string; holidays?: string; timers?: string };
}

/** Tabs: details, week schedule, holidays, timers, extras. */
export function OfficeTabs<S extends FormSchema>(props: OfficeTabsProps<S>) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const s = props.schedule;
  const timerFields: FieldDef[] = [
    { name: 'openingTimer', label: t('management.schedule.openingTimer'), kind: 'number' },
    { name: 'closingTimer', label: t('management.schedule.closingTimer'), kind: 'number' },
    { name: 'servicingTimer', label: t('management.schedule.servicingTimer'), kind: 'number' },
    { name: 'autoCloseTime', label: t('management.schedule.autoCloseTime'), kind: 'time', helper: t('management.schedule.autoCloseHelp') },
  ];
  const panels: ReactNode[] = [
    <EntityForm
      key="d"
      testId={`${props.testId}-details`}
      {...props.details}
      onSubmit={props.details.save}
      saveErrorKey={props.saveErrorKeys?.details}
    />,
    <EntityForm
      key="w"
      testId={`${props.testId}-week`}
      schema={ZDays}
      defaultValues={{ days: s.WeekSchedule }}
      fields={[{ name: 'days', label: '', kind: 'weekSchedule' }]}
      onSubmit={props.saveSchedule.week}
      saveErrorKey={props.saveErrorKeys?.week}
    />,
    <EntityForm
      key="h"
      testId={`${props.testId}-holidays`}
      schema={ZHolidays}
      defaultValues={{ holidays: s.HolidaysTemplate }}
      fields={[{ name: 'holidays', label: '', kind: 'holidays' }]}
      onSubmit={props.saveSchedule.holidays}
      saveErrorKey={props.saveErrorKeys?.holidays}
    />,
    <EntityForm
      key="t"
      testId={`${props.testId}-timers`}
      schema={ZTimers}
      defaultValues={{
        openingTimer: String(s.Opening),
        closingTimer: String(s.Closing),
        servicingTimer: String(s.Servicing),
        autoCloseTime: s.AutoCloseTime ?? '',
      }}
      fields={timerFields}
      onSubmit={props.saveSchedule.timers}
      saveErrorKey={props.saveErrorKeys?.timers}
    />,
    ...(props.extraTabs ?? []).map((x) => x.content),
  ];
  const labels = [
    t('management.tabs.details'),
    t('management.tabs.weekSchedule'),
    t('management.tabs.holidays'),
    t('management.tabs.timers'),
    ...(props.extraTabs ?? []).map((x) => x.label),
  ];
  return (
    <Paper variant="outlined">
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {labels.map((l, i) => (
          <Tab key={l} label={l} value={i} data-testid={`${props.testId}-tab-${i}`} />
        ))}
      </Tabs>
      <Box sx={{ p: 2 }}>{panels[tab]}</Box>
    </Paper>
  );
}
