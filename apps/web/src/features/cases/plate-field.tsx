import { useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import {
  LABELS,
  FEEDBACK,
  FUENTES_POLIZA,
  MSG,
  PLANES_AUTORIZADOS,
  fmt,
  type PlateServiceResult,
} from '@vialex/domain';
import { isLookupPlate, usePlateLookup, type PlateLookup } from './api/lookup-plate';
import { useDebouncedValue } from './use-debounced-value';

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
      label={LABELS.casos.placa}
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
              <CircularProgress
                size={20}
                aria-label={LABELS.casos.consultandoPlaca}
                data-testid="plate-lookup-spinner"
              />
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

/** A small chip's height: the plan's row is as tall while the look-up runs as when it answers. */
const CHIP_ROW_HEIGHT = 24;

const planColor = (plan: string) => ((PLANES_AUTORIZADOS as readonly string[]).includes(plan) ? 'success' : 'default');

type Service = PlateLookup['servicios'][number];

/** Each service's answer in words: the spec's for Tecnicar (kronos), the screen's for the insurers' hub. */
const ANSWERS: Record<Service['fuente'], Record<PlateServiceResult, string>> = {
  Tecnicar: {
    encontrado: MSG.vehiculoConPolizaTecnicar,
    sinRegistro: MSG.noRegistradoTecnicar,
    sinPoliza: MSG.vehiculoSinPoliza,
    noDisponible: FEEDBACK.servicioNoResponde,
  },
  'SEGURO TERCERO': {
    encontrado: FEEDBACK.hubEncontrado,
    sinRegistro: FEEDBACK.hubSinRegistro,
    sinPoliza: FEEDBACK.hubSinRegistro,
    noDisponible: MSG.servicioPlanNoDisponible,
  },
};
const ICONS: Record<PlateServiceResult, typeof CheckCircle> = {
  encontrado: CheckCircle,
  sinRegistro: HelpOutline,
  sinPoliza: HelpOutline,
  noDisponible: ReportProblem,
};
const ICON_COLORS = {
  encontrado: 'success',
  sinRegistro: 'action',
  sinPoliza: 'action',
  noDisponible: 'warning',
} as const;

/**
 * A service's line: an icon, its name, then what it says. The wait and the answer share it, so
 * the answer lands on the line the wait held, at the same height.
 */
function ServiceLine({
  icon,
  fuente,
  children,
  ...data
}: { icon: ReactNode; fuente: Service['fuente']; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} {...data}>
      {icon}
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
          {FEEDBACK.servicios[fuente]}
        </Box>
        {children}
      </Typography>
    </Stack>
  );
}

/** One service's outcome on its own line: its name, then what it answered. */
function ServiceAnswer({ fuente, resultado }: Service) {
  const Icon = ICONS[resultado];
  return (
    <ServiceLine
      fuente={fuente}
      icon={<Icon fontSize="small" color={ICON_COLORS[resultado]} sx={{ mt: '2px' }} aria-hidden />}
      data-testid="plate-service"
      data-service={fuente}
      data-result={resultado}
    >
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {ANSWERS[fuente][resultado]}
      </Box>
    </ServiceLine>
  );
}

/** A service's line before it answers: its name, with a placeholder where its answer will be. */
function ServicePending({ fuente }: { fuente: Service['fuente'] }) {
  return (
    <ServiceLine
      fuente={fuente}
      icon={<Skeleton variant="circular" width={20} height={20} sx={{ mt: '2px', flexShrink: 0 }} aria-hidden />}
      data-testid="plate-service-pending"
    >
      <Skeleton variant="text" width="10em" sx={{ display: 'inline-block', verticalAlign: 'middle' }} aria-hidden />
    </ServiceLine>
  );
}

/**
 * Keeps the look-up's block at the tallest it has been while the plate stays complete. The block
 * sits between fields the agent is filling: an answer shorter than the wait (a failure, say)
 * must not pull the fields below up under a finger that is already on its way.
 */
function useNeverShrinks<T extends HTMLElement>(content: unknown[]) {
  const ref = useRef<T>(null);
  const tallest = useRef(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) {
      tallest.current = 0;
      return;
    }
    el.style.minHeight = '';
    tallest.current = Math.max(tallest.current, el.offsetHeight);
    if (tallest.current > 0) el.style.minHeight = `${tallest.current}px`;
    // Measured when what it shows changes, not on every render of the form around it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, content);
  return ref;
}

/**
 * What the look-up is doing and found. From the moment the plate is complete it takes the room its
 * answer will take — a row for the plan, one per policy service — so the answer fills in without
 * moving the fields below while the agent is already on them (a tap on a select as the form moves
 * opens and at once closes its list). While it runs: 'Consultando póliza…' and each service's name;
 * then the resulting plan as a chip (and when the policy ended) and each service's answer.
 */
export function PlateLookupResult({ lookup }: { lookup: PlateLookupState }) {
  const { result, failure, waiting } = lookup;
  const ref = useNeverShrinks<HTMLDivElement>([waiting, result, failure]);
  if (!waiting && !result && !failure) return null;
  return (
    // One polite live region from the wait to the answer: the answer replaces the wait inside it,
    // so a screen reader hears it, as it would not from a region that appears with its text.
    <Stack ref={ref} spacing={1} data-testid="plate-lookup" aria-live="polite">
      <LookupOutcome lookup={lookup} />
    </Stack>
  );
}

function LookupOutcome({ lookup }: { lookup: PlateLookupState }) {
  const { result, failure } = lookup;
  if (lookup.waiting)
    return (
      <>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', minHeight: CHIP_ROW_HEIGHT }}
          role="status"
          data-testid="plate-lookup-progress"
        >
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {FEEDBACK.consultandoPoliza}
          </Typography>
        </Stack>
        {FUENTES_POLIZA.map((fuente) => (
          <ServicePending key={fuente} fuente={fuente} />
        ))}
      </>
    );
  if (!result)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="plate-lookup-result">
        {failure}
      </Typography>
    );
  const expiredOn = result.vigente ? null : lastEnd(result);
  return (
    <Stack spacing={1} data-testid="plate-lookup-result">
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: CHIP_ROW_HEIGHT }}
      >
        <Chip
          size="small"
          color={planColor(result.tipo_plan)}
          label={fmt(LABELS.casos.planConsultado, { plan: result.tipo_plan })}
          sx={{ fontWeight: 600 }}
          data-testid="plate-plan"
        />
        {expiredOn && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={fmt(LABELS.casos.polizaVencida, { fecha: expiredOn })}
            data-testid="plate-expired"
          />
        )}
        {result.polizas.length > 0 && (
          <Typography variant="body2" color="success.dark">
            {MSG.polizaConsultada}
          </Typography>
        )}
      </Stack>
      {result.servicios.map((s) => (
        <ServiceAnswer key={s.fuente} {...s} />
      ))}
    </Stack>
  );
}
