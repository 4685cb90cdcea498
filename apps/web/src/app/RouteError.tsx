/**
 * The route table's error boundary: a render error below the session gate shows the generic
 * message and a reload button (no stack traces); moving to another path tries again.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
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

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
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

/** Shows RouteError instead of `children` after a render error, until the path changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
