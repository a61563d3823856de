import { LABELS } from '@vialex/domain';

export const SMS_TEXTS = LABELS.casoSms;
