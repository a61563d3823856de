import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { FORMAT_MESSAGE, LABELS, TIME_ZONE } from '@vialex/domain';

dayjs.extend(utc);
dayjs.extend(timezone);

export const SMS_TEXTS = LABELS.casoSms;

/** DD/MM/YYYY HH:mm in Bogotá (spec 2 §9), whatever the device's zone. */
export function formatBogota(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.tz(TIME_ZONE).format(FORMAT_MESSAGE) : '';
}

/** HH:mm in Bogotá, whatever the device's zone. */
export function formatBogotaTime(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.tz(TIME_ZONE).format('HH:mm') : '';
}
