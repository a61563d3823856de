import { LABELS, momentText } from '@vialex/domain';

/** The chat's own words (packages/domain labels.ts). */
export const T = LABELS.chat;

/** A message's time: DD/MM/YYYY HH:mm in Bogotá whatever the phone's zone (spec 2 §3, §9). */
export const formatMessageTime = (iso: string): string => momentText(iso);

/** A file's size in short words: 820 B, 14 KB, 3.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

/** The ticks of one's own message (spec 2 §3: saved, distributed, seen). */
export type Ticks = 'guardado' | 'entregado' | 'visto';

export function ticksOf(indexId: number, sala: { entregadoHasta: number; vistoHasta: number }): Ticks {
  if (indexId <= sala.vistoHasta) return 'visto';
  if (indexId <= sala.entregadoHasta) return 'entregado';
  return 'guardado';
}
