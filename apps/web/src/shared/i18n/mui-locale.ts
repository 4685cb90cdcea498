/**
 * The texts MUI and MUI X draw themselves (pagination "1–10 of 25" and its buttons, autocomplete,
 * alert close, date picker buttons and calendar labels) in the UI language, from the `mui.*` keys
 * of the catalogue (en, sq; MUI ships no Albanian locale). Same shape as MUI's own locale objects
 * (`@mui/material/locale`, `@mui/x-date-pickers/locales`), built from `t` so a language change
 * re-renders them.
 */
import type { TFunction } from 'i18next';
import type { ThemeOptions } from '@mui/material/styles';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';

type PageButton = 'first' | 'last' | 'next' | 'previous';

function pageButton(t: TFunction, type: PageButton): string {
  return t(`mui.${type}Page`);
}

/** Theme components' default texts for MUI core (merge into the theme with createTheme(theme, …)). */
export function muiLocale(t: TFunction): ThemeOptions {
  return {
    components: {
      MuiBreadcrumbs: { defaultProps: { expandText: t('mui.expand') } },
      MuiTablePagination: {
        defaultProps: {
          getItemAriaLabel: (type: PageButton) => pageButton(t, type),
          labelRowsPerPage: t('mui.rowsPerPage'),
          labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
            count !== -1 ? t('mui.displayedRows', { from, to, count }) : t('mui.displayedRowsMore', { from, to }),
        },
      },
      MuiAutocomplete: {
        defaultProps: {
          clearText: t('mui.clear'),
          closeText: t('mui.close'),
          loadingText: t('app.loading'),
          noOptionsText: t('mui.noOptions'),
          openText: t('mui.open'),
        },
      },
      MuiAlert: { defaultProps: { closeText: t('mui.close') } },
      MuiPagination: {
        defaultProps: {
          'aria-label': t('mui.pagination'),
          getItemAriaLabel: (type: PageButton | 'page' | 'start-ellipsis' | 'end-ellipsis', page: number | null, selected: boolean) =>
            type === 'page'
              ? selected
                ? t('mui.page', { page })
                : t('mui.goToPage', { page })
              : type === 'start-ellipsis' || type === 'end-ellipsis'
                ? ''
                : pageButton(t, type),
        },
      },
    },
  };
}

/** Date picker texts (LocalizationProvider `localeText`). */
export function pickersLocale(t: TFunction): Partial<PickersLocaleText> {
  return {
    previousMonth: t('mui.previousMonth'),
    nextMonth: t('mui.nextMonth'),
    openPreviousView: t('mui.previousView'),
    openNextView: t('mui.nextView'),
    calendarViewSwitchingButtonAriaLabel: (view) => (view === 'year' ? t('mui.yearViewOpen') : t('mui.calendarViewOpen')),
    cancelButtonLabel: t('mui.cancel'),
    clearButtonLabel: t('mui.clear'),
    okButtonLabel: t('mui.ok'),
    todayButtonLabel: t('mui.today'),
    datePickerToolbarTitle: t('mui.selectDate'),
    openDatePickerDialogue: (formattedDate) => (formattedDate ? t('mui.chooseDateSelected', { date: formattedDate }) : t('mui.selectDate')),
    dateTableLabel: t('mui.selectDate'),
    fieldClearLabel: t('mui.clear'),
    year: t('mui.year'),
    month: t('mui.month'),
    day: t('mui.day'),
    empty: t('mui.empty'),
  };
}
