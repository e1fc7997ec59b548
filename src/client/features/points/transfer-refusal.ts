import { i18n } from '@/client/i18n';
import { appErrorOf } from '@/client/lib/errors';

/**
 * A transfer refused for want of points (OutOfRange: at most `max` whole points may move now) in
 * the member's words, 'between 1 and 0' said as 'none left'; undefined for any other failure.
 */
export function notEnoughPointsText(error: unknown): string | undefined {
  const app = appErrorOf(error);
  if (app?.code !== 'OutOfRange') return undefined;
  const { max } = app.params as { max: number };
  return max < 1 ? i18n.t('points:transfer.nothingLeft') : i18n.t('points:transfer.notEnough', { max });
}
