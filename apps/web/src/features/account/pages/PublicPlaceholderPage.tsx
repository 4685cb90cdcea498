/**
 * Public account pages (/resetpassword, /validateToken, /survey) without the shell: the
 * not-available panel until a later issue builds them.
 */
import { Box } from '@mui/material';
import { NotAvailablePanel } from '../../../shared/components/NotAvailablePanel';
import { LanguageSelect } from '../../../shared/components/LanguageSelect';

export default function PublicPlaceholderPage({ screen }: { screen: string }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 2,
        bgcolor: 'grey.100',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 560 }}>
        <NotAvailablePanel screen={screen} />
      </Box>
      <LanguageSelect />
    </Box>
  );
}
