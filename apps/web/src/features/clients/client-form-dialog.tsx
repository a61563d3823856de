import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { Client, ClientInput } from '@vialex/domain';
import {
  LABELS,
  DEFAULT_CIUDAD,
  DEFAULT_TIPO_IDENTIFICACION,
  TIPOS_IDENTIFICACION,
  clientSchema,
} from '@vialex/domain';
import { FormDialog } from '../../components/list/form-dialog';
import { FormSelectField, FormTextField } from '../../components/list/form-fields';
import { CityAutocomplete } from '../../components/list/city-autocomplete';
import { ESTADO_OPTIONS } from '../../components/list/estado-chip';
import { useTiposIdentificacion } from '../../components/list/lookups';
import type { Feedback } from '../../components/list/use-feedback';
import type { ClientRow } from './api/list-clients';
import { useCreateClient } from './api/create-client';
import { useUpdateClient } from './api/update-client';
import { useClientRecord } from './api/get-client';
import { PersonalDataSection } from './personal-data-section';

const FIELDS = [
  'nombres',
  'apellidos',
  'tipoidentificacion',
  'identificacion',
  'telefono',
  'ciudad',
  'direccion',
  'estado',
] as const;

const EMPTY: ClientInput = {
  nombres: '',
  apellidos: '',
  tipoidentificacion: DEFAULT_TIPO_IDENTIFICACION,
  identificacion: '',
  telefono: '',
  ciudad: DEFAULT_CIUDAD,
  direccion: '',
};

function valuesOf(client: ClientRow): ClientInput {
  return {
    nombres: client.nombres,
    apellidos: client.apellidos,
    tipoidentificacion: client.tipoidentificacion as ClientInput['tipoidentificacion'],
    identificacion: String(client.identificacion),
    telefono: client.telefono,
    ciudad: client.ciudad,
    direccion: client.direccion,
    estado: client.estado,
  };
}

export interface ClientFormDialogProps {
  /** The client to edit, 'new' to add one, null when closed. */
  target: ClientRow | 'new' | null;
  onClose: () => void;
  /** The client as the server answered the save; `created` for a new one. */
  onSaved: (saved: ClientRow, created: boolean) => void;
  /** The client's data anonymised from the dialog's 'Datos personales' (the Administrador). */
  onAnonymised?: (saved: ClientRow, before: ClientRow) => void;
  feedback: Feedback;
}

/** AGREGAR / ACTUALIZAR a client (spec 1 §2, §5); the estado selector only when editing. */
export function ClientFormDialog({ target, onClose, onSaved, onAnonymised, feedback }: ClientFormDialogProps) {
  const editing = target !== null && target !== 'new' ? target : null;
  const create = useCreateClient();
  const update = useUpdateClient();
  const tipos = useTiposIdentificacion();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = useForm<ClientInput, unknown, Client>({
    resolver: zodResolver(clientSchema),
    defaultValues: EMPTY,
  });
  // The list's row fills the form at once; the record read on opening replaces it while untouched.
  const record = useClientRecord(editing?.id ?? null);

  useEffect(() => {
    if (target) reset(editing ? valuesOf(editing) : EMPTY);
  }, [target, editing, reset]);

  useEffect(() => {
    if (record.data && !isDirty) reset(valuesOf(record.data));
    // Only a newly read record resets the form; typing (isDirty) must not bring it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.data, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, values: { ...values, estado: values.estado ?? editing.estado } })
        : await create.mutateAsync(values);
      onSaved(saved, !editing);
    } catch (e) {
      feedback.fail(e, { setError, fields: FIELDS });
    }
  });

  // An anonymised client has no data left to edit (the server refuses it): the dialog only says so.
  const anonymised = !!(record.data ?? editing)?.anonimizado;

  const tipoOptions = (tipos.data ?? TIPOS_IDENTIFICACION.map((id) => ({ id, tipo: id }))).map((t) => ({
    value: t.id,
    label: t.tipo === t.id ? t.id : `${t.id} - ${t.tipo}`,
  }));

  return (
    <FormDialog
      open={target !== null}
      title={editing ? LABELS.list.actualizar : LABELS.list.agregar}
      onClose={onClose}
      onSubmit={anonymised ? undefined : submit}
      busy={create.isPending || update.isPending}
    >
      <Box
        sx={{ display: anonymised ? 'none' : 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}
      >
        <FormTextField control={control} name="nombres" label={LABELS.clientes.nombre} autoFocus />
        <FormTextField control={control} name="apellidos" label={LABELS.clientes.apellidos} />
        <FormSelectField
          control={control}
          name="tipoidentificacion"
          label={LABELS.clientes.tipoIdentificacion}
          options={tipoOptions}
          source={tipos}
        />
        <FormTextField
          control={control}
          name="identificacion"
          label={LABELS.clientes.identificacion}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="telefono"
          label={LABELS.clientes.telefono}
          type="tel"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Controller
          control={control}
          name="ciudad"
          render={({ field, fieldState }) => (
            <CityAutocomplete
              id="field-ciudad"
              label={LABELS.clientes.ciudad}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField control={control} name="direccion" label={LABELS.clientes.direccion} />
        </Box>
        {editing && (
          <FormSelectField
            control={control}
            name="estado"
            label={LABELS.clientes.estado}
            options={ESTADO_OPTIONS}
            toValue={(v) => v === 'true'}
          />
        )}
      </Box>
      {editing && onAnonymised && (
        <PersonalDataSection client={record.data ?? editing} onAnonymised={onAnonymised} feedback={feedback} />
      )}
    </FormDialog>
  );
}
