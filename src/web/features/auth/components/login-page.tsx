/** The /login screen: outside the shell, a centred card with the brand, the note of the spec, and the form. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ApiIcon from '@mui/icons-material/Api';
import { brand } from '../../../../generated/brand';
import { ColorModeToggle } from '../../../theme/color-mode-toggle';
import type { CurrentUser } from '../../../lib/current-user';
import { LoginForm } from './login-form';

export function LoginPage({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        backgroundColor: (theme.vars ?? theme).palette.background.default,
        backgroundImage: `radial-gradient(ellipse at top, ${theme.alpha((theme.vars ?? theme).palette.primary.main, 0.14)}, transparent 60%)`,
      })}
    >
      <Box sx={{ position: 'fixed', top: 8, right: 8 }}>
        <ColorModeToggle />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <ApiIcon color="primary" sx={{ fontSize: 36 }} aria-hidden />
          <Box>
            <Typography variant="h1" component="h1" sx={{ fontSize: '1.375rem' }}>
              {brand.name} Developer Portal
            </Typography>
            <Typography variant="body2" color="text.secondary">
              API documentation, tokens and testing
            </Typography>
          </Box>
        </Box>
        <Alert severity="info" variant="outlined" role="note" sx={{ mb: 3 }}>
          Log in with the same email and password as the warehouse management system, and check that the user type matches your account.
        </Alert>
        <LoginForm onSuccess={onSuccess} />
      </Paper>
    </Box>
  );
}
