import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import type { z } from 'zod';
import { MSG, loginSchema } from '@vialex/domain';
import type { ApiErrorBody } from '@vialex/domain';
import { PasswordField } from '../../components/password-field';
import { TextInput } from '../../components/text-input';

type LoginValues = z.input<typeof loginSchema>;
export type LoginPayload = z.output<typeof loginSchema>;

export interface LoginFormProps {
  onSubmit: (values: LoginPayload) => Promise<void>;
  /** Field errors the server answered (400 issues), shown under the fields. */
  serverIssues?: ApiErrorBody['issues'];
}

export function LoginForm({ onSubmit, serverIssues }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, LoginPayload>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  // MUI wants the input element's ref in inputRef, not on the input's root.
  const field = (name: keyof LoginValues) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref };
  };
  const issue = (path: string) => serverIssues?.find((i) => i.path === path)?.message;
  const emailError = errors.email?.message ?? issue('email');
  const passwordError = errors.password?.message ?? issue('password');

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(onSubmit)} aria-label={MSG.ingresar}>
      <TextInput
        {...field('email')}
        id="login-email"
        label={MSG.correo}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={!!emailError}
        helperText={emailError}
        startAdornment={
          <InputAdornment position="start">
            <EmailOutlined color="action" />
          </InputAdornment>
        }
      />
      <PasswordField
        {...field('password')}
        id="login-password"
        label={MSG.contrasena}
        autoComplete="current-password"
        error={!!passwordError}
        helperText={passwordError}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!email || !password || isSubmitting}
        startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ py: 1.4 }}
      >
        {MSG.ingresar}
      </Button>
    </Stack>
  );
}
