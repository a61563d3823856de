import { useContext, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonAddAlt from '@mui/icons-material/PersonAddAltOutlined';
import type { CaseData, CaseInput } from '@vialex/domain';
import {
  LABELS,
  FEEDBACK,
  MSG,
  PRIORIDADES,
  RELACIONES_VEHICULO,
  TIPOS_PRODUCTO,
  VERIFICACIONES,
  caseSchema,
  fmt,
  normalizeTipoCaso,
} from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { CurrentUserContext } from '../../lib/session';
import { FormDialog } from '../../components/list/form-dialog';
import { FormSelectField, FormTextField } from '../../components/list/form-fields';
import { useCreateCase } from './api/create-case';
import { useCreateCronosCase } from './api/create-cronos-case';
import { useUpdateCase } from './api/update-case';
import { useEmpresas, useTiposCaso } from '../../components/list/lookups';
import { CASE_FORM_FIELDS, EMPTY_CASE, caseValues, type CaseFormTarget } from './case-form-values';
import type { CaseRow } from './api/list-cases';
import {
  clearDraft,
  differsFrom,
  loadCaseDefaults,
  loadDraft,
  rememberCaseDefaults,
  saveDraft,
  type DraftKind,
} from './case-draft';
import { CasePlaceFields } from './case-place-fields';
import { PlateField, PlateLookupResult, usePlateLookupState } from './plate-field';
import { QuickClientDialog } from './quick-client-dialog';
import { useSubmissionKey } from './use-submission-key';
import type { Feedback } from '../../components/list/use-feedback';

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const isUnregistered = (e: unknown) =>
  isApiError(e) && !!e.body.issues?.some((i) => i.path === 'identificacion' && i.message === MSG.usuarioNoRegistrado);

export interface CaseFormDialogProps {
  target: CaseFormTarget | null;
  onClose: () => void;
  /** The case as the server answered the save. */
  onSaved: (target: CaseFormTarget, saved: CaseRow) => void;
  feedback: Feedback;
}

const draftKind = (target: CaseFormTarget | null): DraftKind | null =>
  target && target.kind !== 'edit' ? target.kind : null;

const dateTime = (ms: number) =>
  new Date(ms).toLocaleString('es-CO', {
    timeZone: 'America/Bogota',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * Add, edit and "add Cronos case" (spec 2 §2, §5): one form, zodResolver(caseSchema). A new case
 * is kept as a draft in this browser while it is typed and restored when NUEVO (or Cronos) opens
 * again, until it is saved or cancelled; a new case starts from the user's last Empresa and
 * Verificación. Only Cancelar closes a new case's dialog, so a stray click keeps the typing.
 */
export function CaseFormDialog({ target, onClose, onSaved, feedback }: CaseFormDialogProps) {
  const user = useContext(CurrentUserContext)?.id ?? null;
  const create = useCreateCase();
  const cronos = useCreateCronosCase();
  const update = useUpdateCase();
  const tipos = useTiposCaso();
  const empresas = useEmpresas();
  const [unregistered, setUnregistered] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, setValue, clearErrors, getValues, watch, formState } = useForm<
    CaseInput,
    unknown,
    CaseData
  >({
    resolver: zodResolver(caseSchema),
    defaultValues: EMPTY_CASE,
  });

  const lookup = usePlateLookupState(useWatch({ control, name: 'placa' }) ?? '');
  const submission = useSubmissionKey();
  const kind = draftKind(target);
  /** What a new case starts from: empty but for the user's last Empresa and Verificación. */
  const start = useRef<Partial<CaseInput>>(EMPTY_CASE);
  /** When the draft the form was restored from was saved; null when it started afresh. */
  const [restoredAt, setRestoredAt] = useState<number | null>(null);

  useEffect(() => {
    if (!target) return;
    if (target.kind === 'edit') {
      reset(caseValues(target.row));
      setRestoredAt(null);
    } else {
      start.current = { ...EMPTY_CASE, ...(user ? loadCaseDefaults(user) : {}) };
      const draft = user ? loadDraft(user, target.kind) : null;
      reset(draft ? { ...start.current, ...draft.values } : start.current);
      setRestoredAt(draft?.savedAt ?? null);
    }
    submission.reset();
  }, [target, user, reset, submission]);

  // While a new case is open, every change is kept as its draft (or dropped when nothing is typed).
  useEffect(() => {
    if (!kind || !user) return;
    const subscription = watch((values) => {
      if (differsFrom(values, start.current)) saveDraft(user, kind, values);
      else clearDraft(user, kind);
    });
    return () => subscription.unsubscribe();
  }, [kind, user, watch]);

  const cancel = () => {
    if (kind && user) clearDraft(user, kind);
    onClose();
  };

  const discardDraft = () => {
    if (kind && user) clearDraft(user, kind);
    reset(start.current);
    setRestoredAt(null);
  };

  const submit = handleSubmit(async (values) => {
    if (!target) return;
    try {
      const saved =
        target.kind === 'edit'
          ? await update.mutateAsync({ id: target.row.id, values })
          : target.kind === 'cronos'
            ? await cronos.mutateAsync({ values, idempotencyKey: submission.keyFor(values) })
            : await create.mutateAsync({ values, idempotencyKey: submission.keyFor(values) });
      submission.reset();
      if (kind && user) {
        clearDraft(user, kind);
        rememberCaseDefaults(user, values);
      }
      onSaved(target, saved);
    } catch (e) {
      feedback.fail(e, { setError, fields: CASE_FORM_FIELDS });
      // The person is not a client yet: offer the quick registration straight away.
      if (isUnregistered(e)) setUnregistered(String(values.identificacion));
    }
  });

  const title =
    target?.kind === 'edit'
      ? LABELS.list.actualizar
      : target?.kind === 'cronos'
        ? LABELS.casos.agregarCasoCronos
        : LABELS.list.agregar;
  const tipoOptions = [...new Set((tipos.data ?? []).map((t) => normalizeTipoCaso(t.tipo)))].map((t) => ({
    value: t,
    label: t,
  }));
  const empresaOptions = (empresas.data ?? []).map((e) => ({ value: e.id, label: e.empresa }));
  const identificacionError = formState.errors.identificacion?.message;

  return (
    <>
      <FormDialog
        open={target !== null}
        title={title}
        onClose={cancel}
        onSubmit={submit}
        busy={create.isPending || cronos.isPending || update.isPending}
        persistent={kind !== null}
      >
        {restoredAt !== null && (
          <Alert
            severity="info"
            data-testid="case-draft-restored"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={discardDraft}>
                {FEEDBACK.descartarBorrador}
              </Button>
            }
          >
            {fmt(FEEDBACK.borradorRecuperado, { fecha: dateTime(restoredAt) })}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
          <Controller
            control={control}
            name="placa"
            render={({ field, fieldState }) => (
              <PlateField
                value={field.value ?? ''}
                onChange={field.onChange}
                lookup={lookup}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                autoFocus
              />
            )}
          />
          <FormSelectField
            control={control}
            name="relacion"
            label={LABELS.casos.relacion}
            options={options(RELACIONES_VEHICULO)}
            required
            toValue={(v) => {
              // Another relation means another person (spec 2 §5).
              setValue('identificacion', '');
              clearErrors('identificacion');
              return v;
            }}
          />
          <Box sx={{ gridColumn: '1 / -1', '&:empty': { display: 'none' } }}>
            <PlateLookupResult lookup={lookup} />
          </Box>
          <Box>
            <FormTextField
              control={control}
              name="identificacion"
              label={LABELS.casos.identificacion}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            {identificacionError === MSG.usuarioNoRegistrado && (
              <Button
                size="small"
                startIcon={<PersonAddAlt />}
                onClick={() => setUnregistered(String(getValues('identificacion') ?? ''))}
                sx={{ mt: 0.5 }}
              >
                {LABELS.casos.registrarAfectado}
              </Button>
            )}
          </Box>
          <FormSelectField
            control={control}
            name="tipocaso"
            label={LABELS.casos.tipoCaso}
            options={tipoOptions}
            source={tipos}
            required
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormSelectField
              control={control}
              name="uidempresa"
              label={LABELS.casos.empresa}
              options={empresaOptions}
              source={empresas}
              required
            />
          </Box>
          <CasePlaceFields control={control} setValue={setValue} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormTextField
              control={control}
              name="direccion_siniestro"
              label={LABELS.casos.direccionSiniestro}
              required
            />
          </Box>
          <FormSelectField
            control={control}
            name="verificacion"
            label={LABELS.casos.verificacion}
            options={options(VERIFICACIONES)}
            required
          />
          <FormSelectField
            control={control}
            name="tipo_producto"
            label={LABELS.casos.tipoProducto}
            options={options(TIPOS_PRODUCTO)}
            required
          />
          {target?.kind === 'edit' && (
            <FormSelectField
              control={control}
              name="prioridad"
              label={LABELS.casos.prioridad}
              options={PRIORIDADES.map((v) => ({ value: v, label: LABELS.casos.prioridades[v] }))}
            />
          )}
        </Box>
      </FormDialog>
      <QuickClientDialog
        identificacion={unregistered}
        onClose={() => setUnregistered(null)}
        onSaved={(client) => {
          setUnregistered(null);
          clearErrors('identificacion');
          feedback.success(fmt(FEEDBACK.afectadoRegistrado, { nombre: `${client.nombres} ${client.apellidos}` }));
        }}
        feedback={feedback}
      />
    </>
  );
}
