import { formatZonedDateTimeToSecond } from '../../lib/zoned-time';

/** A time someone may write down or quote to support: date, 24-hour time and zone (UX rule 7). */
export const formatRecordedTime = (iso: string): string => formatZonedDateTimeToSecond(iso);
