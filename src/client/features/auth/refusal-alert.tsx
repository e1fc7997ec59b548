import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { appErrorOf, errorText } from '@/client/lib/errors';

/** A refused call in words: a disabled account says so rather than 'no permission'. */
export function RefusalAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('auth');
  const app = appErrorOf(error);
  const disabled = app?.code === 'Unauthorized' && (app.params as { reason?: string }).reason === 'accountDisabled';
  return <ErrorAlert title={disabled ? t('login.disabled') : errorText(error)} />;
}
