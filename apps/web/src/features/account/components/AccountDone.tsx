/**
 * The final message of activation and reset (spec §2): store links for the mobile app when the
 * role may use it, and Go to Login when the role may use the web console (RoleGroup.ClientWeb).
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Stack, Typography } from '@mui/material';
import AppleIcon from '@mui/icons-material/Apple';
import ShopIcon from '@mui/icons-material/Shop';
import { NavLink } from '../../../shared/navigation/page-nav';
import { RoleGroup, inRoleGroup } from '@vigil/contract';

/** Store pages of the mobile app. */
export const APP_STORE_URL = 'https://apps.apple.com/app/vigil';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=app.vigil';

export interface AccountDoneProps {
  title: string;
  roleId: number;
  mobile: boolean;
  webText: string;
  mobileText: string;
  loginLabel: string;
}

export function AccountDone({ title, roleId, mobile, webText, mobileText, loginLabel }: AccountDoneProps) {
  const { t } = useTranslation();
  const web = inRoleGroup(RoleGroup.ClientWeb, roleId);
  return (
    <Stack sx={{ gap: 2 }} data-testid="account-done">
      <Alert severity="success" role="status">
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      </Alert>
      {web && <Typography>{webText}</Typography>}
      {mobile && <Typography>{mobileText}</Typography>}
      {mobile && (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<AppleIcon />}
            href={APP_STORE_URL}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="store-apple"
          >
            {t('account.stores.appStore')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<ShopIcon />}
            href={GOOGLE_PLAY_URL}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="store-google"
          >
            {t('account.stores.googlePlay')}
          </Button>
        </Stack>
      )}
      {web && (
        <Button variant="contained" size="large" component={NavLink} to="/login" data-testid="go-to-login">
          {loginLabel}
        </Button>
      )}
    </Stack>
  );
}
