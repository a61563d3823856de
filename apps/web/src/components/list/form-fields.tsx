import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { LABELS, MSG } from '@vialex/domain';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { PasswordField } from '../password-field';

type Base<F extends FieldValues, T extends FieldValues> = { control: Control<F, unknown, T>; name: Path<F> } & Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
>;

/** A TextField bound to a react-hook-form field, its error shown as helper text. */
export function FormTextField<F extends FieldValues, T extends FieldValues = F>({
  control,
  name,
  helperText,
  ...props
}: Base<F, T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          id={props.id ?? `field-${name}`}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

export interface Option {
  value: string;
  label: string;
}

/** Where a select's options come from, when they are read from the server (a catalogue's query). */
export interface OptionsSource {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A select bound to a form field. `toValue` / `fromValue` convert when the form holds something
 * other than a string (the estado boolean). With a `source`, an empty list says it is loading, or
 * that it could not be loaded with a button to try again (a weak signal), instead of opening empty.
 */
export function FormSelectField<F extends FieldValues, T extends FieldValues = F>({
  control,
  name,
  options,
  helperText,
  source,
  toValue = (v) => v,
  fromValue = (v) => (v == null ? '' : String(v)),
  ...props
}: Base<F, T> & {
  options: readonly Option[];
  source?: OptionsSource;
  toValue?: (v: string) => unknown;
  fromValue?: (v: unknown) => string;
}) {
  const failed = source?.isError && options.length === 0;
  const unavailable = failed && (
    <>
      {LABELS.list.listaNoCargada}{' '}
      <Button size="small" onClick={() => void source.refetch()} sx={{ py: 0, minWidth: 0, verticalAlign: 'baseline' }}>
        {MSG.reintentar}
      </Button>
    </>
  );
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = fromValue(field.value);
        // An old value no longer in the catalogue (an inactive area) is still shown, not blanked.
        const all = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
        return (
          <TextField
            {...props}
            select
            id={props.id ?? `field-${name}`}
            name={field.name}
            value={value}
            onChange={(e) => field.onChange(toValue(e.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error || !!failed}
            // A list that did not load says so first: its Reintentar is what lets the field be filled.
            helperText={unavailable || (fieldState.error?.message ?? helperText)}
          >
            {source?.isPending && all.length === 0 && (
              <MenuItem disabled value="">
                {MSG.cargando}
              </MenuItem>
            )}
            {all.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

/** A new-password field (with its show/hide button) bound to a form field. */
export function FormPasswordField<F extends FieldValues, T extends FieldValues = F>({
  control,
  name,
  label,
  id,
  deps,
}: {
  control: Control<F, unknown, T>;
  name: Path<F>;
  label: string;
  id?: string;
  /** Fields re-validated when this one changes. */ deps?: Path<F>[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <PasswordField
          id={id ?? `field-${name}`}
          label={label}
          autoComplete="new-password"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
