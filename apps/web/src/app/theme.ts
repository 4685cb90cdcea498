/** MUI theme: primary blue (spec §2 colours), md breakpoint at the mobile breakpoint 960px. */
import { createTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX, PRIMARY_COLOR } from '@vigil/contract';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOR },
    // Darker than MUI's defaults so text in these colours (outlined chips, links) and white text on
    // them reach WCAG AA contrast 4.5:1 (orange #b45309: 5.0; blue #0277bd: 4.8).
    warning: { main: '#b45309' },
    info: { main: '#0277bd' },
  },
  breakpoints: {
    values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1280, xl: 1920 },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  },
  components: {
    // WCAG 2.3.3: users who ask their system for reduced motion get no animations or transitions
    // (spinners, pulses, ripples, dialog fades); every state still shows, only without movement.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme: th }) => ({
          '&.Mui-selected': {
            backgroundColor: th.palette.action.selected,
            borderRight: `3px solid ${th.palette.primary.main}`,
            fontWeight: 600,
          },
        }),
      },
    },
  },
});
