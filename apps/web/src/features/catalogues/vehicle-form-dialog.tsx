import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import {
  LABELS,
  CLASES_VEHICULO,
  MSG,
  SERVICIOS_VEHICULO,
  VEHICLE_DEFAULTS,
  carroceriasDe,
  fmt,
  isOwnerQuery,
  vehicleSchema,
  type Vehicle,
  type VehicleInput,
  type VehicleOwner,
} from '@vialex/domain';
import { FormDialog } from '../../components/list/form-dialog';
import { FormSelectField, FormTextField, type Option } from '../../components/list/form-fields';
import { ESTADO_OPTIONS } from '../../components/list/estado-chip';
import type { Feedback } from '../../components/list/use-feedback';
import { useCreateVehicle, useLineas, useMarcas, useOwners, useUpdateVehicle, type VehicleRow } from './api/vehicles';
import { useDebouncedValue } from './use-debounced-value';

const FIELDS = [
  'clase',
  'carroceria',
  'marca',
  'linea',
  'modelo',
  'placa',
  'poliza',
  'servicio',
  'informacionadicional',
  'uidcliente',
  'estado',
] as const;

/** A new vehicle starts from the spec's defaults (spec 3 §3). */
const EMPTY: VehicleInput = {
  clase: VEHICLE_DEFAULTS.clase,
  carroceria: VEHICLE_DEFAULTS.carroceria,
  marca: VEHICLE_DEFAULTS.marca,
  linea: VEHICLE_DEFAULTS.linea,
  modelo: VEHICLE_DEFAULTS.modelo,
  placa: '',
  poliza: '',
  servicio: VEHICLE_DEFAULTS.servicio,
  informacionadicional: '',
  uidcliente: '',
};

function valuesOf(v: VehicleRow): VehicleInput {
  return {
    clase: v.clase,
    carroceria: v.carroceria,
    marca: v.marca,
    linea: v.linea,
    modelo: v.modelo,
    placa: v.placa,
    poliza: v.poliza ?? '',
    servicio: v.servicio,
    informacionadicional: v.informacionadicional,
    uidcliente: v.cliente?.id ?? '',
    estado: v.estado,
  };
}

const options = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));
const ownerText = (o: VehicleOwner) =>
  fmt(LABELS.vehiculos.clienteEncontrado, {
    nombre: `${o.nombres} ${o.apellidos}`,
    tipo: o.tipoidentificacion,
    identificacion: o.identificacion,
  });

export interface VehicleFormDialogProps {
  /** The vehicle to edit, 'new' to add one, null when closed. */
  target: VehicleRow | 'new' | null;
  onClose: () => void;
  onSaved: (saved: VehicleRow, created: boolean) => void;
  feedback: Feedback;
}

/**
 * AGREGAR / ACTUALIZAR a vehicle (spec 3 §2, §3, §5), about 1000 px wide, the whole screen on a
 * phone: clase → its carrocerías, marcas read when it opens and the líneas of the chosen marca,
 * the owner found by typing an identificación; Activo / Inactivo only when editing.
 */
export function VehicleFormDialog({ target, onClose, onSaved, feedback }: VehicleFormDialogProps) {
  const open = target !== null;
  const editing = target !== null && target !== 'new' ? target : null;
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<VehicleInput, unknown, Vehicle>({
    resolver: zodResolver(vehicleSchema),
    defaultValues: EMPTY,
  });
  const [identificacion, setIdentificacion] = useState('');

  useEffect(() => {
    if (!target) return;
    reset(editing ? valuesOf(editing) : EMPTY);
    setIdentificacion(editing?.cliente ? String(editing.cliente.identificacion) : '');
  }, [target, editing, reset]);

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

  const clase = useWatch({ control, name: 'clase' });
  const marca = useWatch({ control, name: 'marca' });
  const marcas = useMarcas(open);
  const marcaId = marcas.data?.find((m) => m.nombre === marca)?.id;
  const lineas = useLineas(open ? marcaId : undefined);

  return (
    <FormDialog
      open={open}
      title={editing ? LABELS.list.actualizar : LABELS.list.agregar}
      onClose={onClose}
      onSubmit={submit}
      busy={create.isPending || update.isPending}
      width={1000}
      testId="vehicle-dialog"
    >
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 2, pt: 1 }}
      >
        <FormTextField
          control={control}
          name="placa"
          label={LABELS.vehiculos.placa}
          autoFocus
          slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', maxLength: 10 } }}
        />
        <Controller
          control={control}
          name="clase"
          render={({ field, fieldState }) => (
            <SelectText
              id="field-clase"
              label={LABELS.vehiculos.clase}
              value={field.value}
              options={options(CLASES_VEHICULO)}
              error={fieldState.error?.message}
              onChange={(value) => {
                field.onChange(value);
                // A clase's own carrocerías: the chosen one stays only if the new clase has it.
                if (!carroceriasDe(value).includes(getValues('carroceria')))
                  setValue('carroceria', VEHICLE_DEFAULTS.carroceria);
              }}
            />
          )}
        />
        <FormSelectField
          control={control}
          name="carroceria"
          label={LABELS.vehiculos.carroceria}
          options={options(carroceriasDe(clase))}
        />
        <Controller
          control={control}
          name="marca"
          render={({ field, fieldState }) => (
            <SelectText
              id="field-marca"
              label={LABELS.vehiculos.marca}
              value={field.value}
              options={options([VEHICLE_DEFAULTS.marca, ...(marcas.data ?? []).map((m) => m.nombre)])}
              error={fieldState.error?.message}
              loading={marcas.isFetching}
              onChange={(value) => {
                field.onChange(value);
                // Each línea belongs to one marca.
                setValue('linea', VEHICLE_DEFAULTS.linea);
              }}
            />
          )}
        />
        <FormSelectField
          control={control}
          name="linea"
          label={LABELS.vehiculos.linea}
          options={options([VEHICLE_DEFAULTS.linea, ...(lineas.data ?? []).map((l) => l.nombre)])}
        />
        <FormTextField
          control={control}
          name="modelo"
          label={LABELS.vehiculos.modelo}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <FormSelectField
          control={control}
          name="servicio"
          label={LABELS.vehiculos.servicio}
          options={options(SERVICIOS_VEHICULO)}
        />
        <FormTextField
          control={control}
          name="poliza"
          label={LABELS.vehiculos.poliza}
          helperText={LABELS.vehiculos.polizaOpcional}
        />
        {editing ? (
          <FormSelectField
            control={control}
            name="estado"
            label={LABELS.vehiculos.estado}
            options={ESTADO_OPTIONS}
            toValue={(v) => v === 'true'}
          />
        ) : (
          <Box sx={{ display: { xs: 'none', md: 'block' } }} />
        )}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <OwnerField
            control={control}
            identificacion={identificacion}
            onIdentificacion={(text) => {
              setIdentificacion(text);
              setValue('uidcliente', '');
            }}
            onOwner={(id) => setValue('uidcliente', id, { shouldValidate: !!id })}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField
            control={control}
            name="informacionadicional"
            label={LABELS.vehiculos.informacionAdicional}
            multiline
            minRows={2}
            fullWidth
          />
        </Box>
      </Box>
    </FormDialog>
  );
}

/** A select whose change does more than set its own value (clase resets carrocería, marca resets línea). */
function SelectText({
  id,
  label,
  value,
  options: all,
  error,
  loading = false,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Option[];
  error?: string;
  loading?: boolean;
  onChange: (value: string) => void;
}) {
  // A value a policy service stored that the lists don't have is still shown, not blanked.
  const shown = value && !all.some((o) => o.value === value) ? [...all, { value, label: value }] : all;
  return (
    <TextField
      select
      id={id}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      slotProps={{
        input: loading
          ? {
              endAdornment: (
                <InputAdornment position="end" sx={{ mr: 3 }}>
                  <CircularProgress size={16} aria-label={MSG.cargando} />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    >
      {shown.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The owner (cliente): typed as an identificación and looked up when it is neither empty nor
 * hyphenated (spec 3 §2); shown as names and identificación. Several clients may share the number
 * (one per identification type): then one is chosen.
 */
function OwnerField({
  control,
  identificacion,
  onIdentificacion,
  onOwner,
}: {
  control: Control<VehicleInput, unknown, Vehicle>;
  identificacion: string;
  onIdentificacion: (text: string) => void;
  onOwner: (id: string) => void;
}) {
  const typed = identificacion.trim();
  const digits = /^\d{1,15}$/.test(typed);
  const debounced = useDebouncedValue(typed, 350);
  const query = isOwnerQuery(debounced) && /^\d{1,15}$/.test(debounced) ? debounced : null;
  const owners = useOwners(query);
  const uidcliente = useWatch({ control, name: 'uidcliente' });
  const found = query !== null && query === typed ? owners.data : undefined;

  // One client with the number is the owner; of several, the one already chosen stays.
  useEffect(() => {
    if (!found || found.some((o) => o.id === uidcliente)) return;
    const next = found.length === 1 ? found[0].id : '';
    if (next !== uidcliente) onOwner(next);
  }, [found, uidcliente, onOwner]);

  const chosen = found?.find((o) => o.id === uidcliente);
  // Empty or hyphenated input is ignored (spec 3 §2); other non-digits can't be an identificación.
  const hint = !isOwnerQuery(typed)
    ? undefined
    : !digits
      ? MSG.identificacionNoValida
      : found?.length === 0
        ? MSG.propietarioNoEncontrado
        : undefined;

  return (
    <Controller
      control={control}
      name="uidcliente"
      render={({ fieldState }) => (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 2, alignItems: 'start' }}>
          <TextField
            id="field-identificacion-cliente"
            label={LABELS.vehiculos.identificacionCliente}
            value={identificacion}
            onChange={(e) => onIdentificacion(e.target.value)}
            error={!!hint || (!!fieldState.error && !chosen)}
            helperText={
              hint ?? (chosen ? undefined : (fieldState.error?.message ?? LABELS.vehiculos.escribaIdentificacion))
            }
            slotProps={{
              htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
              input: {
                endAdornment:
                  owners.isFetching && query ? (
                    <InputAdornment position="end">
                      <CircularProgress size={16} aria-label={LABELS.vehiculos.buscandoCliente} />
                    </InputAdornment>
                  ) : undefined,
              },
            }}
          />
          {found && found.length > 1 ? (
            <TextField
              select
              id="field-cliente"
              label={LABELS.vehiculos.elegirCliente}
              value={uidcliente}
              onChange={(e) => onOwner(e.target.value)}
            >
              {found.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {ownerText(o)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Box
              data-testid="vehicle-owner"
              aria-live="polite"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                minHeight: 56,
                px: 1.5,
                borderRadius: 1,
                bgcolor: chosen ? 'action.selected' : 'transparent',
                color: chosen ? 'text.primary' : 'text.secondary',
              }}
            >
              <PersonOutline fontSize="small" />
              {chosen ? ownerText(chosen) : LABELS.vehiculos.sinCliente}
            </Box>
          )}
        </Box>
      )}
    />
  );
}
