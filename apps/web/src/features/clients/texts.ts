import { LABELS } from '@vialex/domain';

export const CLIENT_TEXTS = LABELS.clientes;
