import { useState, type FormEvent } from 'react';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { esES } from '@mui/x-date-pickers/locales';
import type { SessionTimeInput } from '@vialex/domain';
import { LABELS, MSG, fmt, sessionTimeSchema, timeToMinutes } from '@vialex/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/list/form-dialog';
import type { Feedback } from '../../components/list/use-feedback';
import { describeUser, type StatusRow } from './api/list-user-status';
import { useUpdateSessionTime } from './api/update-session-time';

/** 'user' is the spec's unchosen default of the target choice. */
type Alcance = 'user' | SessionTimeInput['alcance'];
type Errors = Partial<Record<'alcance' | 'minutos', string>>;

const pickerLocale = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/** The picker's HH:mm as minutes (hours × 60 + minutes); no time or a partial one counts as 0. */
export function pickedMinutes(time: Dayjs | null): number {
  return time && time.isValid() ? timeToMinutes(time.format('HH:mm')) : 0;
}

/**
 * Update session time (spec 1 §4, §5): for this user or every user of the cargo. The messages
 * are the spec's: 'El tipo de usuario es obligatorio' while the choice is still the default,
 * 'El tiempo es obligatorio' while the time is 00:00.
 */
export function SessionTimeDialog({
  user,
  onClose,
  feedback,
}: {
  user: StatusRow | null;
  onClose: () => void;
  feedback: Feedback;
}) {
  const mutation = useUpdateSessionTime();
  const [shown, setShown] = useState<StatusRow | null>(null);
  const [alcance, setAlcance] = useState<Alcance>('user');
  const [time, setTime] = useState<Dayjs | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState<SessionTimeInput | null>(null);
  if (user && user !== shown) {
    setShown(user);
    setAlcance('user');
    setTime(null);
    setErrors({});
    setPending(null);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = sessionTimeSchema.safeParse({
      alcance: alcance === 'user' ? undefined : alcance,
      minutos: pickedMinutes(time),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(parsed.data);
  };

  const save = async () => {
    if (!shown || !pending) return;
    try {
      const { updated } = await mutation.mutateAsync({ id: shown.id, values: pending });
      onClose();
      feedback.success(fmt(LABELS.estadoUsuarios.usuariosActualizados, { n: updated }));
    } catch (e) {
      feedback.fail(e);
    } finally {
      setPending(null);
    }
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={pickerLocale}>
      <FormDialog
        open={user !== null}
        title={LABELS.estadoUsuarios.actualizarTiempo}
        onClose={onClose}
        onSubmit={submit}
        busy={mutation.isPending}
        maxWidth="xs"
      >
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            {shown ? describeUser(shown) : ''}
            <br />
            {shown ? fmt(LABELS.estadoUsuarios.tiempoActual, { n: shown.duracion_sesion }) : ''}
          </Typography>
          <TextField
            select
            id="session-alcance"
            label={LABELS.estadoUsuarios.tipoUsuario}
            value={alcance}
            onChange={(e) => {
              setAlcance(e.target.value as Alcance);
              setErrors((x) => ({ ...x, alcance: undefined }));
            }}
            error={!!errors.alcance}
            helperText={errors.alcance}
          >
            <MenuItem value="user" disabled>
              {LABELS.estadoUsuarios.seleccioneTipo}
            </MenuItem>
            <MenuItem value="usuario">{LABELS.estadoUsuarios.soloUsuario}</MenuItem>
            <MenuItem value="cargo">{fmt(LABELS.estadoUsuarios.todosDelCargo, { cargo: shown?.cargo ?? '' })}</MenuItem>
          </TextField>
          <TimePicker
            label={LABELS.estadoUsuarios.tiempo}
            value={time}
            onChange={(v) => {
              setTime(v);
              setErrors((x) => ({ ...x, minutos: undefined }));
            }}
            ampm={false}
            views={['hours', 'minutes']}
            format="HH:mm"
            slotProps={{
              textField: { id: 'session-time', fullWidth: true, error: !!errors.minutos, helperText: errors.minutos },
            }}
          />
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={pending !== null}
        title={MSG.seguroActualizar}
        busy={mutation.isPending}
        onConfirm={save}
        onCancel={() => setPending(null)}
      />
    </LocalizationProvider>
  );
}
