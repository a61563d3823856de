import Chip from '@mui/material/Chip';
import { MSG } from '@vialex/domain';
import type { CaseAgent } from './api/list-cases';

/** An agent column: the assigned user's name, or an orange 'Solicitando' badge while one is requested. */
export function AgentCell({ agent }: { agent: CaseAgent }) {
  if (agent.id) return <>{agent.nombre ?? ''}</>;
  if (agent.solicitado) {
    return (
      <Chip
        size="small"
        color="warning"
        label={MSG.solicitando}
        sx={{ fontWeight: 600 }}
        data-testid="agent-requested"
      />
    );
  }
  return null;
}
