import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/** "5 minutes" / "5 menit", "30 seconds" / "30 detik": the wait of a 429 in the reader's language. */
function formatWait(seconds: number, language: string | undefined): string {
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The message for a 429 (with its Retry-After when sent), or null for any other failure. */
export function tooManyRequestsText(
  error: unknown,
  t: TFunction,
  language: string | undefined,
): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = error.retryAfterSeconds;
  return seconds ? t('auth.tooMany', { wait: formatWait(seconds, language) }) : t('auth.tooManyLater');
}
