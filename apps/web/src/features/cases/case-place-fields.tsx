import { useMemo } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { CaseData, CaseInput } from '@vialex/domain';
import { LABELS, MSG } from '@vialex/domain';
import { useCiudades, type Ciudad } from '../../components/list/lookups';
import { FormSelectField } from '../../components/list/form-fields';
import { useDepartamentos } from '../../components/list/lookups';

interface Props {
  control: Control<CaseInput, unknown, CaseData>;
  setValue: UseFormSetValue<CaseInput>;
}

/** Departamento and Ciudad: the cities offered are those of the chosen department. */
export function CasePlaceFields({ control, setValue }: Props) {
  const departamentos = useDepartamentos();
  const ciudades = useCiudades();
  const departamento = useWatch({ control, name: 'departamento' });
  const options = useMemo(
    () => (ciudades.data ?? []).filter((c) => c.departamentoId === departamento),
    [ciudades.data, departamento],
  );
  const byId = useMemo(() => new Map((ciudades.data ?? []).map((c) => [c.id, c])), [ciudades.data]);
  const depOptions = (departamentos.data ?? []).map((d) => ({ value: d.id, label: d.departamento }));

  return (
    <>
      <FormSelectField
        control={control}
        name="departamento"
        label={LABELS.casos.departamento}
        options={depOptions}
        source={departamentos}
        required
        toValue={(v) => {
          // Another department: its cities are other ones.
          setValue('uidciudad', '');
          return v;
        }}
      />
      <Controller
        control={control}
        name="uidciudad"
        render={({ field, fieldState }) => (
          <Autocomplete<Ciudad>
            id="field-uidciudad"
            options={options}
            value={byId.get(field.value ?? '') ?? null}
            onChange={(_, c) => field.onChange(c?.id ?? '')}
            onBlur={field.onBlur}
            getOptionLabel={(c) => c.ciudad}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderOption={({ key, ...li }, c) => (
              <li key={key} {...li}>
                {c.ciudad}
              </li>
            )}
            loading={ciudades.isPending}
            loadingText={MSG.cargando}
            noOptionsText={LABELS.list.sinCoincidencias}
            disabled={!departamento}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={LABELS.casos.ciudad}
                required
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
    </>
  );
}
