import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { LABELS, companySchema, type Company, type CompanyInput } from '@vialex/domain';
import { FormDialog } from '../../components/list/form-dialog';
import { FormSelectField, FormTextField } from '../../components/list/form-fields';
import { ESTADO_OPTIONS } from '../../components/list/estado-chip';
import type { Feedback } from '../../components/list/use-feedback';
import { useCreateCompany, useUpdateCompany, type CompanyRow } from './api/companies';

const FIELDS = ['empresa', 'nit', 'estado'] as const;
const EMPTY: CompanyInput = { empresa: '', nit: '' };

export interface CompanyFormDialogProps {
  target: CompanyRow | 'new' | null;
  onClose: () => void;
  onSaved: (saved: CompanyRow, created: boolean) => void;
  feedback: Feedback;
}

/** Add / edit a company (spec 3 §2, §5): empresa and nit required; the status choice only when editing. */
export function CompanyFormDialog({ target, onClose, onSaved, feedback }: CompanyFormDialogProps) {
  const editing = target !== null && target !== 'new' ? target : null;
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const { control, handleSubmit, reset, setError } = useForm<CompanyInput, unknown, Company>({
    resolver: zodResolver(companySchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (target) reset(editing ? { empresa: editing.empresa, nit: editing.nit, estado: editing.estado } : EMPTY);
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

  return (
    <FormDialog
      open={target !== null}
      title={editing ? LABELS.list.actualizar : LABELS.list.agregar}
      onClose={onClose}
      onSubmit={submit}
      busy={create.isPending || update.isPending}
      maxWidth="sm"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr', gap: 2, pt: 1 }}>
        <FormTextField control={control} name="empresa" label={LABELS.empresas.empresa} autoFocus />
        <FormTextField
          control={control}
          name="nit"
          label={LABELS.empresas.nit}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        {editing && (
          <FormSelectField
            control={control}
            name="estado"
            label={LABELS.empresas.estado}
            options={ESTADO_OPTIONS}
            toValue={(v) => v === 'true'}
          />
        )}
      </Box>
    </FormDialog>
  );
}
