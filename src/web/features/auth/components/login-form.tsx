/**
 * The login form: email (type=email), password, user type (default Seller; the page holds it, since
 * "Sign in with ..." uses it too).
 * An empty field or a malformed email is said inline and nothing is sent; a failed login shows the
 * failure toast for exactly 3000 ms, one at a time (a repeated failure does not stack a second one). A login
 * the throttle refuses (429) shows how long signing in is paused instead of the toast.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useToast } from '../../../components/toasts';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { UserType } from '../../../../shared/api-family';
import { LOGIN_ERROR_TOAST_MS } from '../../../../shared/limits';
import { useLogin, type LoginBody } from '../api/login';
import { loginPauseEnd } from '../lib/login-pause';
import { LoginPauseNotice } from './login-pause-notice';
import { UserTypeSelect } from './user-type-select';
import type { CurrentUser } from '../../../lib/current-user';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your email and password.';
export const EMAIL_REQUIRED_MESSAGE = 'Enter your email.';
export const EMAIL_INVALID_MESSAGE = 'Enter an email address such as name@example.com.';
export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password.';
/** Something@something.something, without spaces: what the server's email check accepts in shape. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface LoginFormProps {
  onSuccess: (user: CurrentUser) => void;
  userType: UserType;
  onUserTypeChange: (userType: UserType) => void;
}

export function LoginForm({ onSuccess, userType, onUserTypeChange }: LoginFormProps) {
  const { enqueueSnackbar } = useToast();
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const [pausedUntil, setPausedUntil] = useState<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Omit<LoginBody, 'userType'>>({
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(
      { ...values, userType },
      {
        onSuccess,
        onError: (error) => {
          const pauseEnd = loginPauseEnd(error, Date.now());
          setPausedUntil(pauseEnd);
          if (pauseEnd !== undefined) return;
          enqueueSnackbar(LOGIN_FAILED_MESSAGE, { variant: 'error', autoHideDuration: LOGIN_ERROR_TOAST_MS, preventDuplicate: true });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Log in">
      <Stack spacing={2.5}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ htmlInput: { 'aria-required': true } }}
          {...register('email', {
            required: EMAIL_REQUIRED_MESSAGE,
            pattern: { value: EMAIL_PATTERN, message: EMAIL_INVALID_MESSAGE },
          })}
        />
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
          {...register('password', { required: PASSWORD_REQUIRED_MESSAGE })}
          slotProps={{
            htmlInput: { 'aria-required': true },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    onClick={() => setShowPassword((shown) => !shown)}
                  >
                    {showPassword ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <UserTypeSelect value={userType} onChange={onUserTypeChange} />
        {pausedUntil === undefined ? null : <LoginPauseNotice key={pausedUntil} endsAt={pausedUntil} />}
        <Button type="submit" variant="contained" size="large" disabled={login.isPending} loading={login.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
