import { LABELS } from '@vialex/domain';

export const STATUS_TEXTS = LABELS.estadoUsuarios;
