import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { LABELS, DEFAULT_TIPO_IDENTIFICACION, MSG, quickClientSchema } from '@vialex/domain';
import { FormDialog } from '../../components/list/form-dialog';
import { FormTextField } from '../../components/list/form-fields';
import { useQuickRegisterClient, type QuickClientCreated } from './api/quick-register-client';
import type { Feedback } from '../../components/list/use-feedback';

type Input = z.input<typeof quickClientSchema>;
type Output = z.output<typeof quickClientSchema>;
const FIELDS = ['nombres', 'apellidos', 'identificacion', 'telefono'] as const;

export interface QuickClientDialogProps {
  /** The identification the case form could not find; null when closed. */
  identificacion: string | null;
  onClose: () => void;
  onSaved: (client: QuickClientCreated) => void;
  feedback: Feedback;
}

/**
 * Affected-person quick registration (spec 2 §5): names and phone; the identification comes
 * from the case form and can't be changed; type CC and city BOGOTA are fixed.
 */
export function QuickClientDialog({ identificacion, onClose, onSaved, feedback }: QuickClientDialogProps) {
  const mutation = useQuickRegisterClient();
  const { control, handleSubmit, reset, setError } = useForm<Input, unknown, Output>({
    resolver: zodResolver(quickClientSchema),
  });
  useEffect(() => {
    if (identificacion !== null) reset({ nombres: '', apellidos: '', identificacion, telefono: undefined });
  }, [identificacion, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      onSaved(await mutation.mutateAsync(values));
    } catch (e) {
      feedback.fail(e, { setError, fields: FIELDS });
    }
  });

  return (
    <FormDialog
      open={identificacion !== null}
      title={LABELS.casos.registroAfectado}
      onClose={onClose}
      onSubmit={submit}
      busy={mutation.isPending}
      maxWidth="sm"
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        <strong>{MSG.usuarioNoRegistrado}.</strong> {LABELS.casos.afectadoNoRegistrado}
      </Alert>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <FormTextField
          control={control}
          name="nombres"
          id="quick-nombres"
          label={LABELS.casos.nombres}
          required
          autoFocus
        />
        <FormTextField
          control={control}
          name="apellidos"
          id="quick-apellidos"
          label={LABELS.casos.apellidos}
          required
        />
        <TextField
          id="quick-tipo"
          label={LABELS.casos.tipoIdentificacion}
          value={DEFAULT_TIPO_IDENTIFICACION}
          disabled
        />
        <FormTextField
          control={control}
          name="identificacion"
          id="quick-identificacion"
          label={LABELS.casos.identificacion}
          disabled
        />
        <Controller
          control={control}
          name="telefono"
          render={({ field, fieldState }) => (
            <TextField
              id="quick-telefono"
              type="tel"
              label={LABELS.casos.telefono}
              name={field.name}
              value={field.value ?? ''}
              // Optional: an empty phone is no phone, not an invalid number.
              onChange={(e) => field.onChange(e.target.value.trim() === '' ? undefined : e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <TextField id="quick-ciudad" label={LABELS.casos.ciudad} value={LABELS.casos.ciudadRegistro} disabled />
      </Box>
    </FormDialog>
  );
}
