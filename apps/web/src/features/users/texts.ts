import { LABELS } from '@vialex/domain';

export const USER_TEXTS = LABELS.usuarios;
