/** MUI theme: primary blue (spec §2 colours), md breakpoint at the mobile breakpoint 960px. */
import { createTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX, PRIMARY_COLOR } from '@vigil/contract';

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOR },
  },
  breakpoints: {
    values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1280, xl: 1920 },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  },
  components: {
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
