import { LABELS } from '@vialex/domain';

export const CASE_TEXTS = LABELS.casos;
