import Box from '@mui/material/Box';
import { LABELS } from '@vialex/domain';
import type { CaseRow } from './api/list-cases';
import { AgentCell } from './agent-cell';

/** The agents the Equipo cell shows, in the order the case needs them. */
const TEAM = [
  ['investigador', LABELS.casos.investigador],
  ['abogado', LABELS.casos.abogado],
  ['perito', LABELS.casos.perito],
  ['dibujante', LABELS.casos.dibujante],
] as const;

type Team = Pick<CaseRow, (typeof TEAM)[number][0]>;

/**
 * Equipo: each agent the case has (assigned, or 'Solicitando' while requested) under their role,
 * 'Sin asignar' when it has none. One cell instead of four columns, so the desk reads the team
 * beside the client without a sideways scroll (decisions.md D26).
 */
export function TeamCell({ row }: { row: Team }) {
  const present = TEAM.filter(([key]) => row[key].id || row[key].solicitado);
  if (!present.length) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }} data-testid="team-empty">
        {LABELS.casos.sinAsignar}
      </Box>
    );
  }
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 1,
        rowGap: 0.25,
        alignItems: 'baseline',
      }}
      data-testid="team"
    >
      {present.map(([key, role]) => (
        <Box key={key} sx={{ display: 'contents' }} data-testid={`team-${key}`}>
          <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>
            {role}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <AgentCell agent={row[key]} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
