import { useMutation, useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useToast } from '@/client/components/ui/toast';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import type { VideoAdminItem, VideoText } from '@/shared/content';
import { languages, type Language } from '@/shared/languages';
import { languageNames, writtenTexts } from './content-forms';
import { MediaList } from './media-list';

/** /admin/videos (content_management): the tutorials of /support/videos in order, each with its address, length and texts per language. */
export function VideosScreen() {
  const { t } = useTranslation('content');
  const list = useQuery(trpc.content.admin.videos.list.queryOptions());
  const [editing, setEditing] = useState<VideoAdminItem | 'new' | null>(null);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('admin.videos.title')}
        lead={t('admin.videos.lead')}
        actions={
          <Button onClick={() => setEditing('new')} aria-expanded={editing === 'new'}>
            <PlusIcon aria-hidden="true" />
            {t('admin.videos.new')}
          </Button>
        }
      />
      {editing ? <VideoForm key={editing === 'new' ? 'new' : editing.id} video={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} /> : null}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <ErrorAlert title={errorText(list.error)} />
      ) : (
        <MediaList
          kind="videos"
          entries={list.data.items.map((video) => ({
            id: video.id,
            status: video.status,
            title: video.translations['zh-TW'].title,
            details: (
              <>
                {t('support.videos.minutes', { count: video.minutes })} · <span className="break-all">{video.videoUrl}</span>
              </>
            ),
          }))}
          onEdit={(id) => setEditing(list.data.items.find((video) => video.id === id) ?? null)}
        />
      )}
    </div>
  );
}

function VideoForm({ video, onDone }: { video?: VideoAdminItem; onDone: () => void }) {
  const { t } = useTranslation('content');
  const showToast = useToast();
  const [videoUrl, setVideoUrl] = useState(video?.videoUrl ?? '');
  const [minutes, setMinutes] = useState(video ? String(video.minutes) : '');
  const [texts, setTexts] = useState<Partial<Record<Language, VideoText>>>(video?.translations ?? {});
  const save = useMutation(
    trpc.content.admin.videos.save.mutationOptions({
      onSuccess: async () => {
        showToast({ variant: 'success', title: t('admin.saved'), duration: 2200 });
        await queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() });
        onDone();
      },
    }),
  );
  const fieldErrors = appErrorOf(save.error)?.fieldErrors ?? {};
  const fieldError = (name: string) => fieldErrors[name]?.[0] && { message: fieldErrors[name][0] };
  const setText = (language: Language, key: keyof VideoText, value: string) =>
    setTexts((current) => ({ ...current, [language]: { title: '', description: '', ...current[language], [key]: value } }));
  return (
    <section aria-labelledby="video-form" className="rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="video-form" className="mb-4 text-lg font-semibold">
        {video ? t('admin.videos.edit') : t('admin.videos.new')}
      </h2>
      <form
        className="space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The server checks every rule; the number goes as typed so a wrong one gets a field message.
          save.mutate({ ...(video ? { id: video.id } : {}), videoUrl, minutes: minutes.trim() === '' ? Number.NaN : Number(minutes), translations: writtenTexts(texts, { title: '', description: '' }) });
        }}
      >
        {save.error && !appErrorOf(save.error)?.fieldErrors ? <ErrorAlert title={errorText(save.error)} /> : null}
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field id="video-url" label={t('admin.videos.url')} description={t('admin.videos.urlHint')} error={fieldError('videoUrl')}>
            <Input type="url" placeholder="https://" value={videoUrl} onChange={(event) => setVideoUrl(event.target.value)} />
          </Field>
          <Field id="video-minutes" label={t('admin.videos.minutes')} error={fieldError('minutes')}>
            <Input type="number" inputMode="numeric" min={1} max={600} value={minutes} onChange={(event) => setMinutes(event.target.value)} />
          </Field>
        </div>
        {languages.map((language) => (
          <fieldset key={language} className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold">
              {languageNames[language]} {language === 'zh-TW' ? `(${t('admin.required')})` : `(${t('admin.optional')})`}
            </legend>
            <Field id={`video-title-${language}`} label={t('admin.itemTitle')} error={fieldError(`translations.${language}.title`) || fieldError(`translations.${language}`)}>
              <Input lang={language} value={texts[language]?.title ?? ''} onChange={(event) => setText(language, 'title', event.target.value)} />
            </Field>
            <Field id={`video-description-${language}`} label={t('admin.videos.description')} error={fieldError(`translations.${language}.description`)}>
              <Textarea lang={language} className="min-h-16" value={texts[language]?.description ?? ''} onChange={(event) => setText(language, 'description', event.target.value)} />
            </Field>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending}>
            {video ? t('admin.save') : t('admin.saveDraft')}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('admin.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
