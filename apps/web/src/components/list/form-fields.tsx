import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
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

/**
 * A select bound to a form field. `toValue` / `fromValue` convert when the form holds something
 * other than a string (the estado boolean).
 */
export function FormSelectField<F extends FieldValues, T extends FieldValues = F>({
  control,
  name,
  options,
  helperText,
  toValue = (v) => v,
  fromValue = (v) => (v == null ? '' : String(v)),
  ...props
}: Base<F, T> & { options: readonly Option[]; toValue?: (v: string) => unknown; fromValue?: (v: unknown) => string }) {
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
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? helperText}
          >
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
