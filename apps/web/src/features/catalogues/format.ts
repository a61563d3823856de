import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { FORMAT_MESSAGE, TIME_ZONE } from '@vialex/domain';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A creation time as the lists show it: DD/MM/YYYY HH:mm in Bogotá, whatever the device's zone. */
export function formatCreado(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.tz(TIME_ZONE).format(FORMAT_MESSAGE) : '';
}
