import { useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import { MSG } from '@vialex/domain';
import type { ApiErrorBody } from '@vialex/domain';
import { PasswordField } from '../../components/password-field';
import { TextInput } from '../../components/text-input';
import { checkLogin, type LoginPayload, type LoginValues } from './login-check';
import { ButtonSpinner } from '../../components/button-spinner';

export type { LoginPayload } from './login-check';

export interface LoginFormProps {
  onSubmit: (values: LoginPayload) => Promise<void>;
  /** Field errors the server answered (400 issues), shown under the fields. */
  serverIssues?: ApiErrorBody['issues'];
}

type Field = keyof LoginValues;

/**
 * E-mail and password. A field's error shows once it has been left (or the form sent) and then
 * follows every keystroke, as the other forms do (react-hook-form's onTouched); the sign-in
 * screen is the first one most visits load, so it checks with login-check.ts, not zod.
 */
export function LoginForm({ onSubmit, serverIssues }: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [isSubmitting, setSubmitting] = useState(false);
  const sending = useRef(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const { errors } = checkLogin(values);

  const field = (name: Field) => ({
    name,
    value: values[name],
    inputRef: inputs[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    setTouched({ email: true, password: true });
    const { payload } = checkLogin(values);
    if (!payload) {
      inputs[errors.email ? 'email' : 'password'].current?.focus();
      return;
    }
    sending.current = true;
    setSubmitting(true);
    try {
      await onSubmit(payload);
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const issue = (path: string) => serverIssues?.find((i) => i.path === path)?.message;
  const emailError = (touched.email ? errors.email : undefined) ?? issue('email');
  const passwordError = (touched.password ? errors.password : undefined) ?? issue('password');

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label={MSG.ingresar}>
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
        disabled={!values.email || !values.password || isSubmitting}
        startIcon={isSubmitting ? <ButtonSpinner size={18} /> : undefined}
        sx={{ py: 1.4 }}
      >
        {MSG.ingresar}
      </Button>
    </Stack>
  );
}
