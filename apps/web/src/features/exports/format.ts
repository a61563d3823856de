import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { EXPORT_DATE_FORMAT, TIME_ZONE } from '@vialex/domain';

dayjs.extend(utc);
dayjs.extend(timezone);

/** YYYY-MM-DD HH:mm:ss in Bogotá whatever the device's zone (spec 3 §2, DECISIONS row 18). */
export function formatExportDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(TIME_ZONE).format(EXPORT_DATE_FORMAT) : '';
}
