import { i18n } from '@/client/i18n';
import { appErrorOf, validationText } from '@/client/lib/errors';

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

/**
 * What a refused transfer says on its amount field, translated: the refused number's message, or
 * more points than the source holds; undefined when the refusal is not the amount's (shown above the form).
 */
export function amountRefusalText(error: unknown): string | undefined {
  const refused = appErrorOf(error)?.fieldErrors?.['transferList.0.points']?.[0];
  return refused ? validationText(refused) : notEnoughPointsText(error);
}
