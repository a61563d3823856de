import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Search from '@mui/icons-material/Search';
import PersonAdd from '@mui/icons-material/PersonAdd';
import HowToReg from '@mui/icons-material/HowToReg';
import { FEEDBACK, LABELS, MSG, fmt, type WorkspaceResponse } from '@vialex/domain';
import { isApiError } from '../../lib/api';
import { useConnection } from '../../lib/connection';
import type { Feedback } from '../../components/list/use-feedback';
import { useLookupPolicy, useRequestAgent, useRequestApproval } from './api/workspace';

const L = LABELS.espacio;

/**
 * The buttons of the policy area (spec 2 §6): look the policy up again (GET kronos and the hub),
 * request approval for a SIN PLAN case (disabled once asked), request an expert or a
 * draftsperson. Each is shown as the server's `panel` says.
 */
export function PolicyPanel({ espacio, feedback }: { espacio: WorkspaceResponse; feedback: Feedback }) {
  const { caso, panel } = espacio;
  const connection = useConnection();
  const lookup = useLookupPolicy(caso.id);
  const approval = useRequestApproval(caso.id);
  const request = useRequestAgent(caso.id);
  const busy = lookup.isPending || approval.isPending || request.isPending;
  const disabled = busy || !connection.online;

  if (!panel.consultarPoliza && panel.solicitarAprobacion === 'oculto' && !panel.solicitar.length) return null;

  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (e) {
      feedback.fail(e);
    }
  };

  return (
    <Tooltip title={connection.online ? '' : (connection.reason ?? '')}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="policy-panel">
        {panel.consultarPoliza && (
          <Button
            variant="contained"
            startIcon={<Search />}
            disabled={disabled}
            onClick={() =>
              run(async () => {
                const r = await lookup.mutateAsync();
                if (r.encontrado) feedback.success(fmt(LABELS.casos.planConsultado, { plan: r.tipo_plan }), r.message);
                else feedback.error(r.message);
              })
            }
          >
            {lookup.isPending ? FEEDBACK.consultandoPoliza : L.consultarPoliza}
          </Button>
        )}
        {panel.solicitarAprobacion !== 'oculto' && (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<HowToReg />}
            disabled={disabled || panel.solicitarAprobacion === 'solicitado'}
            data-testid="request-approval"
            onClick={async () => {
              try {
                await approval.mutateAsync();
                feedback.success(fmt(FEEDBACK.caso, { caso: caso.caso }));
              } catch (e) {
                // The spec's words for a failed request (spec 2 §8); a refused cargo hears why.
                if (isApiError(e) && e.status === 403) feedback.fail(e);
                else feedback.error(MSG.errorSolicitarAprobacion);
              }
            }}
          >
            {panel.solicitarAprobacion === 'solicitado' ? L.aprobacionSolicitada : L.solicitarAprobacion}
          </Button>
        )}
        {panel.solicitar.map((tipo) => (
          <Button
            key={tipo}
            variant="outlined"
            startIcon={<PersonAdd />}
            disabled={disabled}
            onClick={() =>
              run(async () => {
                await request.mutateAsync(tipo);
                feedback.success(fmt(FEEDBACK.agenteSolicitado, { tipo, caso: caso.caso }));
              })
            }
          >
            {fmt(L.solicitarTipo, { tipo })}
          </Button>
        ))}
      </Stack>
    </Tooltip>
  );
}
