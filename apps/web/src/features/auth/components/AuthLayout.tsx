/** The centred card of the login pages: logo, title, alert area, form, language selector. */
import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { BrandedCardPage } from '../../../shared/components/BrandedCardPage';
import type { AuthAlert } from './use-auth-alert';

export interface AuthLayoutProps {
  title: string;
  alert: AuthAlert | null;
  onAlertClose: () => void;
  children: ReactNode;
}

export function AuthLayout({ title, alert, onAlertClose, children }: AuthLayoutProps) {
  return (
    <BrandedCardPage title={title} cardSx={{ width: '100%', maxWidth: 420 }}>
      {alert && (
        <Alert severity={alert.severity} onClose={onAlertClose} data-testid="login-alert" sx={{ mb: 2 }} role="alert">
          {alert.text}
        </Alert>
      )}
      {children}
    </BrandedCardPage>
  );
}
