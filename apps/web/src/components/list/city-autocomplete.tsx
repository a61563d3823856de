import { useMemo } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { LABELS, MSG } from '@vialex/domain';
import { useCiudades, type Ciudad } from './lookups';

/**
 * 1,122 municipalities are too many to render at once: the list shows the first matches only
 * and narrows as the user types (accent-insensitive, by city or department).
 */
const MAX_SHOWN = 80;
const filterOptions = createFilterOptions<Ciudad>({
  limit: MAX_SHOWN,
  stringify: (c) => `${c.ciudad} ${c.departamento}`,
});

const groupBy = (c: Ciudad) => c.departamento;
const label = (c: Ciudad) => c.ciudad;

function useCityIndex() {
  const { data = [], isPending } = useCiudades();
  const byId = useMemo(() => new Map(data.map((c) => [c.id, c])), [data]);
  return { options: data, byId, loading: isPending };
}

interface CommonProps {
  id?: string;
  label: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}

/** One city (client form): value and onChange carry the 5-digit DANE id. */
export function CityAutocomplete({
  value,
  onChange,
  onBlur,
  ...props
}: CommonProps & { value: string; onChange: (id: string) => void; onBlur?: () => void }) {
  const { options, byId, loading } = useCityIndex();
  return (
    <Autocomplete
      id={props.id}
      options={options}
      value={byId.get(value) ?? null}
      onChange={(_, c) => onChange(c?.id ?? '')}
      onBlur={onBlur}
      groupBy={groupBy}
      getOptionLabel={label}
      filterOptions={filterOptions}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={({ key, ...li }, c) => (
        <li key={key} {...li}>
          {c.ciudad}
        </li>
      )}
      loading={loading}
      loadingText={MSG.cargando}
      noOptionsText={LABELS.list.sinCoincidencias}
      disabled={props.disabled}
      renderInput={(params) => (
        <TextField {...params} label={props.label} error={props.error} helperText={props.helperText} />
      )}
    />
  );
}

/** Several cities (Assign Cities): chips for the chosen ones, the list stays open while picking. */
export function CitiesAutocomplete({
  value,
  onChange,
  ...props
}: CommonProps & { value: readonly string[]; onChange: (ids: string[]) => void }) {
  const { options, byId, loading } = useCityIndex();
  const selected = useMemo(() => value.map((id) => byId.get(id)).filter((c): c is Ciudad => !!c), [value, byId]);
  return (
    <Autocomplete
      multiple
      id={props.id}
      options={options}
      value={selected}
      onChange={(_, cities) => onChange(cities.map((c) => c.id))}
      groupBy={groupBy}
      getOptionLabel={label}
      filterOptions={filterOptions}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      disableCloseOnSelect
      renderOption={({ key, ...li }, c) => (
        <li key={key} {...li}>
          {c.ciudad}
        </li>
      )}
      renderValue={(cities, getItemProps) =>
        cities.map((c, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} size="small" label={c.ciudad} title={`${c.ciudad} (${c.departamento})`} {...item} />;
        })
      }
      loading={loading}
      loadingText={MSG.cargando}
      noOptionsText={LABELS.list.sinCoincidencias}
      disabled={props.disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          error={props.error}
          helperText={props.helperText ?? LABELS.list.escribaParaBuscar}
        />
      )}
    />
  );
}

/** City names of a user's coverage, for the users table. */
export function useCityNames() {
  const { byId } = useCityIndex();
  return (ids: readonly string[]) => ids.map((id) => byId.get(id)?.ciudad ?? id);
}
