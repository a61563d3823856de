import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ApiErrorBody } from '@vialex/domain';
import { MSG } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useGeolocationWatch } from '../../lib/geo';
import { clearSessionEndNotice, useSessionEndNotice } from '../../lib/session';
import { returnRoute } from '../../lib/return-route';
import { closeAllToasts } from '../../lib/toasts';
import { BrandLogo } from '../../components/brand-logo';
import { GeoWarning } from '../../components/geo-warning';
import { ErrorDialog } from '../../components/message-dialog';
import { LoginForm, type LoginPayload } from './login-form';
import { useLogin } from './api/login';
import { SecondStepForm, SetupFactorForm } from './second-step';
import { PasskeySignInButton } from './passkey-sign-in-button';
import type { Me, SecondFactorMethod } from '@vialex/domain';

/** The location warning's height on a phone: two lines of a filled Alert. */
const GEO_WARNING_HEIGHT = 68;

/** Codes whose server message is what the user must read; anything else is 'Información incorrecta'. */
const SHOWN_AS_SENT = new Set(['SESSION_ACTIVE', 'BAD_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'NETWORK']);

function loginErrorMessage(e: unknown): string {
  if (isApiError(e) && SHOWN_AS_SENT.has(e.code)) return e.message;
  return MSG.informacionIncorrecta;
}

export function LoginPage() {
  useGeolocationWatch();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<ApiErrorBody['issues']>();
  // After a right password: the second factor, or the setup of one the user's cargo requires.
  const [step, setStep] = useState<{ methods: SecondFactorMethod[] } | 'setup' | null>(null);
  // Why the previous session ended (its time ran out, or it was ended): said until the next sign-in.
  const ended = useSessionEndNotice();
  // However the session ended (its time, forced out, a request refused), no toast of it stays
  // over the form.
  useEffect(() => closeAllToasts(), []);

  const enter = (user: Me) => {
    clearSessionEndNotice();
    // Back where this tab was (the session ended there, or a deep link was opened signed out).
    navigate(returnRoute(user.id), { replace: true });
  };

  const submit = async (values: LoginPayload) => {
    setIssues(undefined);
    try {
      const answer = await loginMutation.mutateAsync(values);
      if ('segundoPaso' in answer) return setStep({ methods: answer.segundoPaso.metodos });
      if ('configurar' in answer) return setStep('setup');
      enter(answer.user);
    } catch (e) {
      if (isApiError(e) && e.status === 400 && e.body.issues?.length) setIssues(e.body.issues);
      else setError(loginErrorMessage(e));
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        gap: 2,
        // The brand band on top, fading into the page background.
        background: (t) =>
          `linear-gradient(180deg, ${t.palette.primary.dark} 0, ${t.palette.primary.main} 38%, ${t.palette.background.default} 38%)`,
      }}
    >
      {/* The location warning comes a moment after the screen (once the browser answered): its
          place is kept from the start so that the card does not jump down when it shows. */}
      <Box sx={{ width: '100%', maxWidth: 440, minHeight: GEO_WARNING_HEIGHT }}>
        <GeoWarning />
      </Box>
      {ended && (
        <Alert
          severity="warning"
          variant="filled"
          role="alert"
          data-testid="session-ended"
          onClose={clearSessionEndNotice}
          slotProps={{ closeButton: { title: MSG.cerrar, 'aria-label': MSG.cerrar } as object }}
          sx={{ width: '100%', maxWidth: 440 }}
        >
          {ended === 'expired' ? MSG.sesionTiempoCumplido : MSG.sesionTerminada}
        </Alert>
      )}
      <Card elevation={8} sx={{ width: '100%', maxWidth: 440, borderRadius: 4 }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
            <BrandLogo size={52} />
          </Box>
          <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 700, textAlign: 'center' }}>
            {MSG.bienvenida}
          </Typography>
          {/* Past the password, the step says what it asks for. */}
          <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
            {step === null ? MSG.bienvenidaDetalle : ''}
          </Typography>
          {step === null && (
            <>
              <LoginForm onSubmit={submit} serverIssues={issues} />
              <PasskeySignInButton onDone={enter} />
            </>
          )}
          {step === 'setup' && <SetupFactorForm onDone={enter} />}
          {step !== null && step !== 'setup' && <SecondStepForm methods={step.methods} onDone={enter} />}
        </CardContent>
      </Card>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', maxWidth: 440 }}>
        {MSG.lema}
      </Typography>
      <ErrorDialog open={error !== null} message={error ?? undefined} onClose={() => setError(null)} />
    </Box>
  );
}

export default LoginPage;
