import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Save from '@mui/icons-material/Save';
import {
  LABELS,
  MSG,
  STATUS_NOTE_MAX_LENGTH,
  UPLOAD_ACCEPT,
  caseStatusSchema,
  fmt,
  type CaseStatusChange,
  type CaseStatusInput,
} from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useConnection } from '../../lib/connection';
import { useFeedback } from '../../components/list/use-feedback';
import { useStatusForm } from './api/status-form';
import { useChangeStatus } from './api/change-status';
import { ButtonSpinner } from '../../components/button-spinner';
import { CenteredSpinner } from '../../components/centered-spinner';
import { QueryFailed, failureShown } from '../../components/query-failed';
import { draftKey, readDraft, writeDraft } from '../../lib/drafts';
import { useCurrentUser } from '../../lib/session';

const T = LABELS.gestion;

export interface CaseStatusPanelProps {
  caseId: string;
  /** Called after a saved change (the workspace may refresh or move to the history). */
  onSaved?: (change: CaseStatusChange) => void;
}

/**
 * GESTIÓN (spec 2 §2, §4, §5): status from the active catalogue, a required note and an optional
 * document, saved with 'Bien' / 'Operación Exitosa'. A closed case says so and stays read-only
 * for everybody but the Administrador (the server decides: `permitido` and its message). A file's
 * upload shows its progress. Phone first: one column, full-width controls.
 */
export function CaseStatusPanel({ caseId, onSaved }: CaseStatusPanelProps) {
  const query = useStatusForm(caseId);
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {T.titulo}
      </Typography>
      {failureShown(query) ? (
        <QueryFailed error={query.error} onRetry={query.refetch} />
      ) : !query.data ? (
        <CenteredSpinner compact />
      ) : (
        <StatusForm
          key={caseId}
          caseId={caseId}
          estadoActual={query.data.estado}
          estados={query.data.estados}
          permitido={query.data.permitido}
          mensaje={query.data.mensaje}
          maxMb={query.data.maxMb}
          onSaved={onSaved}
        />
      )}
    </Paper>
  );
}

const FIELDS = ['estado', 'descripcion'] as const;
const EMPTY: CaseStatusInput = { estado: '', descripcion: '' };

/** The change being written on this case, as it was left; a status no longer offered is dropped. */
function keptStatus(key: string, estados: string[]): CaseStatusInput {
  const kept = readDraft<Partial<CaseStatusInput>>(key);
  const descripcion = typeof kept?.descripcion === 'string' ? kept.descripcion : '';
  const estado = typeof kept?.estado === 'string' && estados.includes(kept.estado) ? kept.estado : '';
  return { estado, descripcion };
}
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function StatusForm(props: {
  caseId: string;
  estadoActual: string;
  estados: string[];
  permitido: boolean;
  mensaje: string | null;
  maxMb: number;
  onSaved?: (change: CaseStatusChange) => void;
}) {
  const { caseId, estadoActual, estados, maxMb } = props;
  const me = useCurrentUser();
  const keep = draftKey(me.id, caseId, 'gestion');
  // Read once: the form takes its defaults at its first render only.
  const [kept] = useState(() => keptStatus(keep, estados));
  const form = useForm<CaseStatusInput>({ resolver: zodResolver(caseStatusSchema), defaultValues: kept });
  // What is written is kept as it is typed (the file is not); a save forgets it.
  useEffect(() => {
    const kept = form.watch(({ estado = '', descripcion = '' }) =>
      writeDraft(keep, estado || descripcion ? { estado, descripcion } : null),
    );
    return () => kept.unsubscribe();
  }, [form, keep]);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [locked, setLocked] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const save = useChangeStatus(caseId);
  const feedback = useFeedback();
  const { reason: offline } = useConnection();
  const fileId = useId();
  const blocked = locked ?? (props.permitido ? null : props.mensaje);
  const busy = save.isPending;

  const pick = (f: File | null) => {
    setFileError(null);
    if (f && f.size > maxMb * 1024 * 1024) {
      setFile(null);
      setFileError(fmt(MSG.archivoMuyGrande, { mb: maxMb }));
    } else setFile(f);
    if (input.current) input.current.value = '';
  };

  const submit = form.handleSubmit(async (values) => {
    setFileError(null);
    setProgress(file ? 0 : null);
    try {
      const change = await save.mutateAsync({ ...values, archivo: file, onProgress: setProgress });
      feedback.success(change.message, change.title);
      form.reset(EMPTY);
      writeDraft(keep, null);
      setFile(null);
      props.onSaved?.(change);
    } catch (e) {
      if (isApiError(e) && e.code === 'CASE_CLOSED') return setLocked(e.message);
      const fileIssue = isApiError(e) ? e.body.issues?.find((i) => i.path === 'archivo') : undefined;
      if (fileIssue) return setFileError(fileIssue.message);
      feedback.fail(e, { setError: form.setError, fields: FIELDS });
    } finally {
      setProgress(null);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-busy={busy}>
      <Stack spacing={2}>
        {/* A div: the chip is a div, which a paragraph may not hold. */}
        <Typography variant="body2" color="text.secondary" component="div">
          {T.estadoActual}: <Chip size="small" label={estadoActual} sx={{ fontWeight: 600 }} />
        </Typography>
        {blocked && (
          <Alert severity="warning" data-testid="case-status-blocked">
            {blocked}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="estado"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              required
              fullWidth
              label={T.estado}
              disabled={!!blocked || busy}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
            >
              {estados.map((e) => (
                <MenuItem key={e} value={e}>
                  {e}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="descripcion"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              required
              fullWidth
              multiline
              minRows={3}
              label={T.descripcion}
              disabled={!!blocked || busy}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? `${field.value.length}/${STATUS_NOTE_MAX_LENGTH}`}
              slotProps={{ htmlInput: { maxLength: STATUS_NOTE_MAX_LENGTH } }}
            />
          )}
        />
        <Box>
          <input
            ref={input}
            id={fileId}
            type="file"
            hidden
            accept={UPLOAD_ACCEPT}
            data-testid="case-status-file"
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="outlined"
              startIcon={<AttachFile />}
              disabled={!!blocked || busy}
              onClick={() => input.current?.click()}
              sx={{ width: { xs: '100%', sm: 'auto' }, minHeight: 40 }}
            >
              {file ? T.cambiarArchivo : T.adjuntar}
            </Button>
            {file && (
              <Chip
                label={`${file.name} · ${sizeText(file.size)}`}
                onDelete={busy ? undefined : () => pick(null)}
                deleteIcon={
                  <Tooltip title={T.quitarArchivo}>
                    <Close aria-label={T.quitarArchivo} />
                  </Tooltip>
                }
                data-testid="case-status-file-name"
                sx={{ maxWidth: '100%' }}
              />
            )}
          </Stack>
          <Typography
            variant="caption"
            color={fileError ? 'error' : 'text.secondary'}
            role={fileError ? 'alert' : undefined}
            sx={{ display: 'block', mt: 0.5 }}
          >
            {fileError ?? fmt(T.tiposPermitidos, { mb: maxMb })}
          </Typography>
        </Box>
        {progress !== null && (
          <Box>
            <LinearProgress variant="determinate" value={progress} aria-label={fmt(T.subiendo, { pct: progress })} />
            <Typography variant="caption" color="text.secondary">
              {progress < 100 ? fmt(T.subiendo, { pct: progress }) : T.guardando}
            </Typography>
          </Box>
        )}
        <Tooltip title={offline ?? ''}>
          <span>
            <Button
              type="submit"
              variant="contained"
              startIcon={busy ? <ButtonSpinner /> : <Save />}
              disabled={!!blocked || busy || !!offline}
              sx={{ width: { xs: '100%', sm: 'auto' }, minHeight: 44 }}
            >
              {T.guardar}
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {feedback.element}
    </Box>
  );
}
