import { useMutation } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, PencilIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { useToast } from '@/client/components/ui/toast';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { newsStatus } from '@/shared/content';

interface Entry {
  id: number;
  status: number;
  title: string;
  details: ReactNode;
}

/**
 * The ordered list of home banners or support videos: each entry with its state, moved up or down by
 * button (keyboard and screen readers alike), published or hidden in place, and opened for editing.
 */
export function MediaList({ kind, entries, onEdit }: { kind: 'banners' | 'videos'; entries: Entry[]; onEdit: (id: number) => void }) {
  const { t } = useTranslation('content');
  const showToast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() });
  const onError = (error: unknown) => showToast({ variant: 'destructive', title: errorText(error) });
  const onStatus = async (saved: { status: number }) => {
    showToast({ variant: 'success', title: saved.status === newsStatus.enabled ? t('admin.publishedToast') : t('admin.hiddenToast'), duration: 2200 });
    await refresh();
  };
  const moves = {
    banners: useMutation(trpc.content.admin.banners.move.mutationOptions({ onSuccess: refresh, onError })),
    videos: useMutation(trpc.content.admin.videos.move.mutationOptions({ onSuccess: refresh, onError })),
  };
  const statuses = {
    banners: useMutation(trpc.content.admin.banners.setStatus.mutationOptions({ onSuccess: onStatus, onError })),
    videos: useMutation(trpc.content.admin.videos.setStatus.mutationOptions({ onSuccess: onStatus, onError })),
  };
  const move = moves[kind];
  const status = statuses[kind];
  if (entries.length === 0) return <p className="text-muted-foreground">{t('admin.empty')}</p>;
  return (
    <ol className="divide-y divide-border rounded-lg border border-border bg-card">
      {entries.map((entry, index) => {
        const published = entry.status === newsStatus.enabled;
        return (
          <li key={entry.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid={`${kind}-entry`}>
            <div className="flex min-w-0 gap-3">
              <span className="w-6 shrink-0 pt-0.5 text-right font-mono text-sm text-muted-foreground tabular-nums">{index + 1}</span>
              <div className="min-w-0">
                <p className="font-medium break-words">{entry.title}</p>
                <div className="text-sm text-muted-foreground">
                  <span className={published ? 'font-medium text-primary' : undefined}>{published ? t('admin.published') : t('admin.hidden')}</span> · {entry.details}
                </div>
              </div>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2" role="group" aria-label={entry.title}>
              <Button variant="outline" size="sm" aria-label={t('admin.moveUp')} disabled={index === 0 || move.isPending} onClick={() => move.mutate({ id: entry.id, direction: 'up' })}>
                <ArrowUpIcon aria-hidden="true" />
              </Button>
              <Button variant="outline" size="sm" aria-label={t('admin.moveDown')} disabled={index === entries.length - 1 || move.isPending} onClick={() => move.mutate({ id: entry.id, direction: 'down' })}>
                <ArrowDownIcon aria-hidden="true" />
              </Button>
              <Button variant="outline" size="sm" disabled={status.isPending} onClick={() => status.mutate({ id: entry.id, status: published ? newsStatus.hidden : newsStatus.enabled })}>
                {published ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
                {published ? t('admin.hide') : t('admin.publish')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => onEdit(entry.id)}>
                <PencilIcon aria-hidden="true" />
                {t('admin.edit')}
              </Button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
