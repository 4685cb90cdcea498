/**
 * The pages' error boundary: a render error below the session gate shows the generic message and a
 * reload button (no stack traces). Its users key it by the path (app/Root.tsx, app/router.tsx), so
 * moving to another path tries again. No react-router here: the public pages use it before the
 * router is loaded (issue 20 "First page").
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../shared/i18n/translator';
import { Alert, Box, Button } from '@mui/material';

/** The generic error message with a reload button. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('errors.generic')}
      </Alert>
    </Box>
  );
}

/** Shows RouteError instead of `children` after a render error (key it by the path to try again there). */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }
  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
