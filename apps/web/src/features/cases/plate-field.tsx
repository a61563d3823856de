import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLANES_AUTORIZADOS, fmt } from '@vialex/domain';
import { isLookupPlate, usePlateLookup, type PlateLookup } from './api/lookup-plate';
import { useDebouncedValue } from './use-debounced-value';
import { CASE_TEXTS } from './texts';

export const PLATE_DEBOUNCE_MS = 400;

export interface PlateLookupState {
  /** Typing has not paused yet, or the services are being asked. */
  waiting: boolean;
  result: PlateLookup | null;
  failure: string | null;
}

/**
 * The policy look-up of the plate being typed: once it is longer than 5 characters and the
 * typing has paused. Nothing waits for it: the server looks the plate up again on save.
 */
export function usePlateLookupState(value: string): PlateLookupState {
  const placa = value.trim().toUpperCase();
  const debounced = useDebouncedValue(placa, PLATE_DEBOUNCE_MS);
  const lookup = usePlateLookup(debounced);
  const active = isLookupPlate(placa);
  return {
    waiting: active && (placa !== debounced || lookup.isFetching),
    result: active && lookup.data?.placa === placa ? lookup.data : null,
    failure: active && placa === debounced && lookup.isError ? lookup.error.message : null,
  };
}

export interface PlateFieldProps {
  value: string;
  onChange: (value: string) => void;
  lookup: PlateLookupState;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
}

/** Placa, uppercased as typed, with a spinner while its look-up runs. */
export function PlateField({
  value,
  onChange,
  lookup,
  onBlur,
  inputRef,
  error,
  helperText,
  autoFocus,
}: PlateFieldProps) {
  return (
    <TextField
      id="field-placa"
      name="placa"
      label={CASE_TEXTS.placa}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value.toUpperCase())}
      onBlur={onBlur}
      inputRef={inputRef}
      error={error}
      helperText={helperText}
      slotProps={{
        htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', maxLength: 10 },
        input: {
          endAdornment: lookup.waiting ? (
            <InputAdornment position="end">
              <CircularProgress size={20} aria-label={CASE_TEXTS.consultandoPlaca} data-testid="plate-lookup-spinner" />
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/** The latest policy end date the look-up returned, as DD/MM/YYYY in Bogotá. */
function lastEnd(result: { polizas: { fechaFin: string | null }[] }): string | null {
  const ends = result.polizas
    .map((p) => p.fechaFin)
    .filter((d): d is string => !!d)
    .sort();
  const last = ends.at(-1);
  return last
    ? new Date(last).toLocaleDateString('es-CO', {
        timeZone: 'America/Bogota',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      })
    : null;
}

const planColor = (plan: string) => ((PLANES_AUTORIZADOS as readonly string[]).includes(plan) ? 'success' : 'default');

/** What the look-up found: the resulting plan as a chip and each service's message. */
export function PlateLookupResult({ lookup }: { lookup: PlateLookupState }) {
  const { result, failure } = lookup;
  if (lookup.waiting || (!result && !failure)) return null;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="plate-lookup-result"
      aria-live="polite"
    >
      {result && (
        <Box>
          <Chip
            size="small"
            color={planColor(result.tipo_plan)}
            label={fmt(CASE_TEXTS.planConsultado, { plan: result.tipo_plan })}
            sx={{ fontWeight: 600 }}
            data-testid="plate-plan"
          />
        </Box>
      )}
      {result && !result.vigente && lastEnd(result) && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={fmt(CASE_TEXTS.polizaVencida, { fecha: lastEnd(result)! })}
          data-testid="plate-expired"
        />
      )}
      {(result?.mensajes ?? [failure!]).map((m) => (
        <Typography key={m} variant="body2" color="text.secondary">
          {m}
        </Typography>
      ))}
    </Stack>
  );
}
