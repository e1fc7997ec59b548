import { useTranslation } from 'react-i18next';

/** A page or a part of one that is still loading: a spinner and 'loading', announced politely. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-24 text-muted-foreground sm:px-6" role="status">
      <span className="size-4 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden="true" />
      {t('loading')}
    </div>
  );
}
