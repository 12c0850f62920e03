/** "Sign in with <provider>": a link to the server, which sends the browser on to the OpenID Provider. */
import Button from '@mui/material/Button';
import LoginIcon from '@mui/icons-material/Login';
import type { UserType } from '../../../../shared/api-family';
import { signInWithHref } from '../lib/sign-in-with';

interface SignInWithButtonProps {
  name: string;
  userType: UserType;
  destination: string;
  /** The only way in (no form): the page's main action. */
  primary: boolean;
}

export function SignInWithButton({ name, userType, destination, primary }: SignInWithButtonProps) {
  return (
    <Button href={signInWithHref(userType, destination)} variant={primary ? 'contained' : 'outlined'} size="large" startIcon={<LoginIcon />}>
      Sign in with {name}
    </Button>
  );
}
