/**
 * User menu (spec §2 Top bar; issue 13): initials avatar, the person's name with the role under it; Profile, Language, Console
 * (roles 5 and 8), Logout; ours: the catalogue screens without a menu entry in spec §2 (Security
 * phrases for roles 2 and 12, Active sessions, Notification settings).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Avatar, Box, Button, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import CheckIcon from '@mui/icons-material/Check';
import KeyIcon from '@mui/icons-material/Key';
import DevicesIcon from '@mui/icons-material/Devices';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { RoleGroup, inRoleGroup } from '@vigil/contract';
import { LANGUAGES, type Language } from '@vigil/i18n/languages';
import { ConsoleDialog } from '../../chat/components/ConsoleDialog';
import { currentLanguage, setLanguage } from '../../../shared/i18n/language';
import type { StoredSession } from '../../../shared/session/session-store';
import { ProfileDialog } from '../../profile/components/ProfileDialog';
import { useUpdateLanguage } from '../../profile/api';

/** Up to two initials from the name and surname (or the email). */
export function initialsOf(s: Pick<StoredSession, 'Name' | 'Surname' | 'Email'>): string {
  const i = `${s.Name?.trim()[0] ?? ''}${s.Surname?.trim()[0] ?? ''}`;
  return (i || s.Email.trim()[0] || '?').toUpperCase();
}

export function UserMenu({ session }: { session: StoredSession }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'profile' | 'console' | null>(null);
  const updateLanguage = useUpdateLanguage();
  const lang = currentLanguage();
  const roleName = t(`roles.${session.RoleId}`, { defaultValue: session.RoleNameDisplay });
  const fullName = `${session.Name} ${session.Surname}`.trim() || session.Email;

  const chooseLanguage = (l: Language) => {
    setAnchor(null);
    void setLanguage(l);
    if (!session.IsAdmin) updateLanguage.mutate(l);
  };
  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };
  const open = (d: 'profile' | 'console') => {
    setAnchor(null);
    setDialog(d);
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="user-menu-button"
        aria-haspopup="menu"
        aria-label={t('shell.userMenu')}
        sx={{ textTransform: 'none', gap: 1, minWidth: 0 }}
      >
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.dark', fontSize: 14 }} data-testid="user-initials">
          {initialsOf(session)}
        </Avatar>
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'flex' },
            flexDirection: 'column',
            alignItems: 'flex-start',
            lineHeight: 1.2,
            minWidth: 0,
            maxWidth: 220,
          }}
        >
          <Box
            component="span"
            data-testid="user-name"
            sx={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}
            title={fullName}
          >
            {fullName}
          </Box>
          <Box
            component="span"
            data-testid="user-role"
            sx={{ fontSize: 12, opacity: 0.85, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}
            title={roleName}
          >
            {roleName}
          </Box>
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={() => open('profile')} data-testid="menu-profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('shell.profile')} />
        </MenuItem>
        {inRoleGroup(RoleGroup.OrganizationAdmins, session.RoleId) && (
          <MenuItem onClick={() => go('/security-phrases')} data-testid="menu-security-phrases">
            <ListItemIcon>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('phrases.title')} />
          </MenuItem>
        )}
        {!session.IsAdmin && [
          <MenuItem key="sessions" onClick={() => go('/active-sessions')} data-testid="menu-active-sessions">
            <ListItemIcon>
              <DevicesIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('sessions.title')} />
          </MenuItem>,
          <MenuItem key="settings" onClick={() => go('/notification-settings')} data-testid="menu-notification-settings">
            <ListItemIcon>
              <NotificationsActiveIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('alerting.title')} />
          </MenuItem>,
        ]}
        {inRoleGroup(RoleGroup.Security, session.RoleId) && (
          <MenuItem onClick={() => open('console')} data-testid="menu-console">
            <ListItemIcon>
              <HeadsetMicIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('shell.console')} />
          </MenuItem>
        )}
        <Divider />
        <ListSubheader data-testid="language-select">{t('app.language')}</ListSubheader>
        {LANGUAGES.map((l) => (
          <MenuItem key={l} selected={l === lang} onClick={() => chooseLanguage(l)} data-testid={`language-option-${l}`}>
            <ListItemIcon>{l === lang ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={t(`app.languages.${l}`)} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate(session.IsAdmin ? '/admin/logout' : '/logout');
          }}
          data-testid="menu-logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('shell.logout')} />
        </MenuItem>
      </Menu>
      <ProfileDialog open={dialog === 'profile'} onClose={() => setDialog(null)} session={session} />
      {inRoleGroup(RoleGroup.Security, session.RoleId) && (
        <ConsoleDialog open={dialog === 'console'} onClose={() => setDialog(null)} myUserId={session.UserId} />
      )}
    </>
  );
}
