import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LABELS, MSG, assignAgentSchema, disponibilidadInfo } from '@vialex/domain';
import type { CaseRow } from './api/list-cases';
import { useCandidates } from './api/list-candidates';
import { useAgentTypeOnOpen } from './agent-type-on-open';
import { FormDialog } from '../../components/list/form-dialog';
import { FormSelectField } from '../../components/list/form-fields';

type Input = z.input<typeof assignAgentSchema>;
type Output = z.output<typeof assignAgentSchema>;

export interface AssignAgentDialogProps {
  row: Pick<CaseRow, 'id' | 'caso' | 'actions'> | null;
  busy?: boolean;
  onClose: () => void;
  /** The chosen type and user, with the user's name for the success message. */
  onSubmit: (values: { tipo: string; usuario: string; nombre: string }) => void | Promise<void>;
}

/** Assign agent (spec 2 §2, §5): persistent; Tipo Usuario and Usuario both required. */
export function AssignAgentDialog({ row, busy = false, onClose, onSubmit }: AssignAgentDialogProps) {
  const { control, handleSubmit, reset, resetField } = useForm<Input, unknown, Output>({
    resolver: zodResolver(assignAgentSchema),
  });
  const rowId = row?.id;
  const types = row?.actions.assign ?? [];
  useAgentTypeOnOpen(rowId, types, reset);
  const tipo = useWatch({ control, name: 'tipo' }) ?? '';
  // Another type offers other users.
  useEffect(() => resetField('usuario'), [tipo, resetField]);
  const candidates = useCandidates(rowId ?? null, tipo);
  const users = candidates.data ?? [];

  const noneAvailable = !!tipo && candidates.isSuccess && users.length === 0;
  return (
    <FormDialog
      open={row !== null}
      title={LABELS.casos.asignarAgente}
      width={500}
      persistent
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit((values) => {
        const chosen = users.find((u) => u.id === values.usuario);
        return onSubmit({ ...values, nombre: chosen ? `${chosen.nombres} ${chosen.apellidos}` : '' });
      })}
      testId="assign-agent-dialog"
    >
      {row && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {`${LABELS.casos.caso} # ${row.caso}`}
        </Typography>
      )}
      <Stack spacing={2}>
        <FormSelectField
          control={control}
          name="tipo"
          label={LABELS.casos.tipoUsuario}
          options={types.map((t) => ({ value: t, label: t }))}
          required
          autoFocus
        />
        <Controller
          control={control}
          name="usuario"
          render={({ field, fieldState }) => (
            <TextField
              select
              id="field-usuario"
              label={LABELS.casos.usuario}
              required
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              // An empty menu would cover the message that says why there is nobody to choose.
              disabled={!tipo || noneAvailable}
              error={!!fieldState.error || noneAvailable}
              helperText={
                fieldState.error?.message ??
                (noneAvailable ? LABELS.casos.sinCandidatos : candidates.isFetching ? MSG.cargando : undefined)
              }
            >
              {users.map((u) => {
                const estado = disponibilidadInfo(u.disponibilidad);
                return (
                  <MenuItem key={u.id} value={u.id}>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', justifyContent: 'space-between', width: '100%' }}
                    >
                      <span>{`${u.nombres} ${u.apellidos}`}</span>
                      <Chip size="small" variant="outlined" color={estado.color} label={estado.title} />
                    </Stack>
                  </MenuItem>
                );
              })}
            </TextField>
          )}
        />
      </Stack>
    </FormDialog>
  );
}
