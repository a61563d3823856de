import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonAddAlt from '@mui/icons-material/PersonAddAltOutlined';
import type { CaseData, CaseInput } from '@vialex/domain';
import {
  MSG,
  PRIORIDADES,
  RELACIONES_VEHICULO,
  TIPOS_PRODUCTO,
  VERIFICACIONES,
  caseSchema,
  normalizeTipoCaso,
} from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { FormDialog } from '../../components/list/form-dialog';
import { FormSelectField, FormTextField } from '../../components/list/form-fields';
import { LIST_TEXTS } from '../../components/list/texts';
import { useCreateCase } from './api/create-case';
import { useCreateCronosCase } from './api/create-cronos-case';
import { useUpdateCase } from './api/update-case';
import { useEmpresas, useTiposCaso } from '../../components/list/lookups';
import { CASE_FORM_FIELDS, EMPTY_CASE, caseValues, type CaseFormTarget } from './case-form-values';
import { CasePlaceFields } from './case-place-fields';
import { PlateField, PlateLookupResult, usePlateLookupState } from './plate-field';
import { QuickClientDialog } from './quick-client-dialog';
import { useSubmissionKey } from './use-submission-key';
import type { Feedback } from '../../components/list/use-feedback';
import { CASE_TEXTS } from './texts';

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const isUnregistered = (e: unknown) =>
  isApiError(e) && !!e.body.issues?.some((i) => i.path === 'identificacion' && i.message === MSG.usuarioNoRegistrado);

export interface CaseFormDialogProps {
  target: CaseFormTarget | null;
  onClose: () => void;
  onSaved: (target: CaseFormTarget) => void;
  feedback: Feedback;
}

/** Add, edit and "add Cronos case" (spec 2 §2, §5): one form, zodResolver(caseSchema). */
export function CaseFormDialog({ target, onClose, onSaved, feedback }: CaseFormDialogProps) {
  const create = useCreateCase();
  const cronos = useCreateCronosCase();
  const update = useUpdateCase();
  const tipos = useTiposCaso();
  const empresas = useEmpresas();
  const [unregistered, setUnregistered] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, setValue, clearErrors, getValues, formState } = useForm<
    CaseInput,
    unknown,
    CaseData
  >({
    resolver: zodResolver(caseSchema),
    defaultValues: EMPTY_CASE,
  });

  const lookup = usePlateLookupState(useWatch({ control, name: 'placa' }) ?? '');
  const submission = useSubmissionKey();

  useEffect(() => {
    if (target) reset(target.kind === 'edit' ? caseValues(target.row) : EMPTY_CASE);
    submission.reset();
  }, [target, reset, submission]);

  const submit = handleSubmit(async (values) => {
    if (!target) return;
    try {
      if (target.kind === 'edit') await update.mutateAsync({ id: target.row.id, values });
      else if (target.kind === 'cronos')
        await cronos.mutateAsync({ values, idempotencyKey: submission.keyFor(values) });
      else await create.mutateAsync({ values, idempotencyKey: submission.keyFor(values) });
      submission.reset();
      onSaved(target);
    } catch (e) {
      feedback.fail(e, { setError, fields: CASE_FORM_FIELDS });
      // The person is not a client yet: offer the quick registration straight away.
      if (isUnregistered(e)) setUnregistered(String(values.identificacion));
    }
  });

  const title =
    target?.kind === 'edit'
      ? LIST_TEXTS.actualizar
      : target?.kind === 'cronos'
        ? CASE_TEXTS.agregarCasoCronos
        : LIST_TEXTS.agregar;
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
        onClose={onClose}
        onSubmit={submit}
        busy={create.isPending || cronos.isPending || update.isPending}
      >
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
            label={CASE_TEXTS.relacion}
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
              label={CASE_TEXTS.identificacion}
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
                {CASE_TEXTS.registrarAfectado}
              </Button>
            )}
          </Box>
          <FormSelectField
            control={control}
            name="tipocaso"
            label={CASE_TEXTS.tipoCaso}
            options={tipoOptions}
            required
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormSelectField
              control={control}
              name="uidempresa"
              label={CASE_TEXTS.empresa}
              options={empresaOptions}
              required
            />
          </Box>
          <CasePlaceFields control={control} setValue={setValue} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormTextField
              control={control}
              name="direccion_siniestro"
              label={CASE_TEXTS.direccionSiniestro}
              required
            />
          </Box>
          <FormSelectField
            control={control}
            name="verificacion"
            label={CASE_TEXTS.verificacion}
            options={options(VERIFICACIONES)}
            required
          />
          <FormSelectField
            control={control}
            name="tipo_producto"
            label={CASE_TEXTS.tipoProducto}
            options={options(TIPOS_PRODUCTO)}
            required
          />
          {target?.kind === 'edit' && (
            <FormSelectField
              control={control}
              name="prioridad"
              label={CASE_TEXTS.prioridad}
              options={options(PRIORIDADES)}
              sx={{ '& .MuiSelect-select': { textTransform: 'capitalize' } }}
            />
          )}
        </Box>
      </FormDialog>
      <QuickClientDialog
        identificacion={unregistered}
        onClose={() => setUnregistered(null)}
        onSaved={() => {
          setUnregistered(null);
          clearErrors('identificacion');
          feedback.success();
        }}
        feedback={feedback}
      />
    </>
  );
}
