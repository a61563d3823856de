/** A case as AUDITORÍA names it: by its number, as every screen shows it (# 123). */
export const caseLabel = (caso: number) => `# ${caso}`;

/** A case as the target of an audit record. */
export const caseTarget = (c: { id: string; caso: number }) => ({
  tipo: 'caso' as const,
  id: c.id,
  etiqueta: caseLabel(c.caso),
});
