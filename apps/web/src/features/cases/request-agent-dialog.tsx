import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Typography from '@mui/material/Typography';
import { LABELS, requestAgentSchema } from '@vialex/domain';
import { FormSelectField } from '../../components/list/form-fields';
import type { CaseRow } from './api/list-cases';
import { useAgentTypeOnOpen } from './agent-type-on-open';
import { FormDialog } from '../../components/list/form-dialog';

type Input = z.input<typeof requestAgentSchema>;
type Output = z.output<typeof requestAgentSchema>;

export interface RequestAgentDialogProps {
  /** The case to request an agent for; null when closed. */
  row: Pick<CaseRow, 'id' | 'caso' | 'actions'> | null;
  busy?: boolean;
  onClose: () => void;
  onSubmit: (tipo: string) => void | Promise<void>;
}

/** SOLICITAR AGENTE (spec 2 §2): 400 px, persistent; Tipo Usuario from the types this viewer may request. */
export function RequestAgentDialog({ row, busy = false, onClose, onSubmit }: RequestAgentDialogProps) {
  const { control, handleSubmit, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(requestAgentSchema),
  });
  const rowId = row?.id;
  const types = row?.actions.request ?? [];
  useAgentTypeOnOpen(rowId, types, reset);

  const options = types.map((t) => ({ value: t, label: t }));
  return (
    <FormDialog
      open={row !== null}
      title={LABELS.casos.solicitarAgente}
      width={400}
      persistent
      busy={busy}
      submitLabel={LABELS.casos.solicitar}
      onClose={onClose}
      onSubmit={handleSubmit(async (values) => {
        // Only the offered types: the list is the server's answer for this viewer and case.
        if (row?.actions.request.includes(values.tipo)) await onSubmit(values.tipo);
      })}
      testId="request-agent-dialog"
    >
      {row && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {`${LABELS.casos.caso} # ${row.caso}`}
        </Typography>
      )}
      <FormSelectField
        control={control}
        name="tipo"
        label={LABELS.casos.tipoUsuario}
        options={options}
        required
        autoFocus
      />
    </FormDialog>
  );
}
