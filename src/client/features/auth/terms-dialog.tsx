import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { paths } from '@/client/paths';

/** shouldReadTerms: the member reads the main points of the terms and accepts them to continue signing in. */
export function TermsDialog({ open, onAccept, onCancel, pending }: { open: boolean; onAccept: () => void; onCancel: () => void; pending: boolean }) {
  const { t } = useTranslation('auth');
  const points = [t('terms.points.account'), t('terms.points.data'), t('terms.points.points'), t('terms.points.privacy')];
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{t('terms.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">{t('terms.lead')}</Dialog.Description>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-sm">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            <Link to={paths.term} target="_blank" className="text-primary underline underline-offset-4">
              {t('terms.readAll')}
            </Link>
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onCancel}>
              {t('terms.cancel')}
            </Button>
            <Button onClick={onAccept} disabled={pending}>
              {t('terms.accept')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
