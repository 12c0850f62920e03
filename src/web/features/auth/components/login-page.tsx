/**
 * The /login screen: outside the shell, a centred card with the brand, the note of the spec, the form
 * (unless LOGIN_FORM turns it off) and, with an OpenID Provider, "Sign in with ..." below it. The user type
 * chosen applies to both.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ApiIcon from '@mui/icons-material/Api';
import { brand } from '../../../../generated/brand';
import { ColorModeToggle } from '../../../theme/color-mode-toggle';
import type { CurrentUser } from '../../../lib/current-user';
import type { UserType } from '../../../../shared/api-family';
import { useLoginSettings, type LoginSettings } from '../lib/login-settings';
import { useSignInOutcome } from '../lib/use-sign-in-outcome';
import { LOGIN_FAILED_MESSAGE, LoginForm } from './login-form';
import { SignInWithButton } from './sign-in-with-button';
import { UserTypeSelect } from './user-type-select';

interface LoginPageProps {
  onSuccess: (user: CurrentUser) => void;
  /** Where the user was going: after the form's login here, after "Sign in with ..." on the server's redirect. */
  destination: string;
}

function SignInChoices({ settings, onSuccess, destination }: LoginPageProps & { settings: LoginSettings }) {
  const [userType, setUserType] = useState<UserType>('SELLER');
  const provider = settings.signInWith;
  if (!settings.loginForm) {
    return (
      <Stack spacing={2.5}>
        <UserTypeSelect value={userType} onChange={setUserType} />
        {provider === null ? null : <SignInWithButton name={provider} userType={userType} destination={destination} primary />}
      </Stack>
    );
  }
  return (
    <Stack spacing={2.5}>
      <LoginForm onSuccess={onSuccess} userType={userType} onUserTypeChange={setUserType} />
      {provider === null ? null : (
        <>
          <Divider>or</Divider>
          <SignInWithButton name={provider} userType={userType} destination={destination} primary={false} />
        </>
      )}
    </Stack>
  );
}

export function LoginPage({ onSuccess, destination }: LoginPageProps) {
  const settings = useLoginSettings();
  useSignInOutcome(LOGIN_FAILED_MESSAGE);
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
        {settings === undefined ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the sign-in options" />
          </Box>
        ) : (
          <SignInChoices settings={settings} onSuccess={onSuccess} destination={destination} />
        )}
      </Paper>
    </Box>
  );
}
