import { useMutation, useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { FileInput } from '@/client/components/ui/file-input';
import { Input } from '@/client/components/ui/input';
import { useToast } from '@/client/components/ui/toast';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import type { BannerAdminItem, BannerSaveForm, BannerText } from '@/shared/content';
import { languages, type Language } from '@/shared/languages';
import { languageNames, useImageUpload, writtenTexts } from './content-forms';
import { MediaList } from './media-list';

const dateInput = (date: Date | null) => (date ? new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10) : '');
const dateOf = (value: string) => (value ? new Date(`${value}T00:00:00`) : null);

/** /admin/banners (content_management): the home page's banners in order, each with an image and its texts per language. */
export function BannersScreen() {
  const { t } = useTranslation('content');
  const list = useQuery(trpc.content.admin.banners.list.queryOptions());
  const [editing, setEditing] = useState<BannerAdminItem | 'new' | null>(null);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('admin.banners.title')}
        lead={t('admin.banners.lead')}
        actions={
          <Button onClick={() => setEditing('new')} aria-expanded={editing === 'new'}>
            <PlusIcon aria-hidden="true" />
            {t('admin.banners.new')}
          </Button>
        }
      />
      {editing ? <BannerForm key={editing === 'new' ? 'new' : editing.id} banner={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} /> : null}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <ErrorAlert title={errorText(list.error)} />
      ) : (
        <MediaList
          kind="banners"
          entries={list.data.items.map((banner) => ({
            id: banner.id,
            status: banner.status,
            title: banner.translations['zh-TW'].title,
            details: (
              <>
                {banner.translations['zh-TW'].link || t('admin.banners.noLink')}
                {banner.startsAt || banner.endsAt ? ` · ${dateInput(banner.startsAt) || '…'} – ${dateInput(banner.endsAt) || '…'}` : ''}
              </>
            ),
          }))}
          onEdit={(id) => setEditing(list.data.items.find((banner) => banner.id === id) ?? null)}
        />
      )}
    </div>
  );
}

function BannerForm({ banner, onDone }: { banner?: BannerAdminItem; onDone: () => void }) {
  const { t } = useTranslation('content');
  const showToast = useToast();
  const [image, setImage] = useState(banner?.image ?? '');
  const [startsAt, setStartsAt] = useState(dateInput(banner?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(dateInput(banner?.endsAt ?? null));
  const [texts, setTexts] = useState<Partial<Record<Language, BannerText>>>(banner?.translations ?? {});
  const { uploading, error: uploadError, upload } = useImageUpload();
  const save = useMutation(
    trpc.content.admin.banners.save.mutationOptions({
      onSuccess: async () => {
        showToast({ variant: 'success', title: t('admin.saved'), duration: 2200 });
        await queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() });
        onDone();
      },
    }),
  );
  const fieldErrors = appErrorOf(save.error)?.fieldErrors ?? {};
  const fieldError = (name: string) => fieldErrors[name]?.[0] && { message: fieldErrors[name][0] };
  const setText = (language: Language, key: keyof BannerText, value: string) =>
    setTexts((current) => ({ ...current, [language]: { title: '', alt: '', link: '', ...current[language], [key]: value } }));
  const preview = texts['zh-TW'];
  return (
    <section aria-labelledby="banner-form" className="rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="banner-form" className="mb-4 text-lg font-semibold">
        {banner ? t('admin.banners.edit') : t('admin.banners.new')}
      </h2>
      <form
        className="space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form: BannerSaveForm = { ...(banner ? { id: banner.id } : {}), image, startsAt: dateOf(startsAt), endsAt: dateOf(endsAt), translations: writtenTexts(texts, { title: '', alt: '', link: '' }) };
          save.mutate(form);
        }}
      >
        {save.error && !appErrorOf(save.error)?.fieldErrors ? <ErrorAlert title={errorText(save.error)} /> : null}
        {uploadError ? <ErrorAlert title={errorText(uploadError)} /> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="banner-image" label={t('admin.banners.image')} description={t('admin.imageHint')} error={fieldError('image')}>
            <FileInput accept="image/png,image/jpeg,image/webp" onChange={(event) => void upload(event, setImage)} disabled={uploading} />
          </Field>
          <Field id="banner-starts" label={t('admin.banners.startsAt')} error={fieldError('startsAt')}>
            <Input type="date" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
          </Field>
          <Field id="banner-ends" label={t('admin.banners.endsAt')} error={fieldError('endsAt')}>
            <Input type="date" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
          </Field>
        </div>
        {uploading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('admin.uploading')}
          </p>
        ) : null}
        {image ? (
          <figure className="max-w-md overflow-hidden rounded-lg border border-border">
            <img src={image} alt={preview?.alt ?? ''} className="aspect-[12/5] w-full bg-muted object-cover" />
            <figcaption className="p-3 text-sm font-semibold">{preview?.title || t('admin.banners.previewCaption')}</figcaption>
          </figure>
        ) : null}
        {languages.map((language) => (
          <fieldset key={language} className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-3">
            <legend className="px-1 text-sm font-semibold">
              {languageNames[language]} {language === 'zh-TW' ? `(${t('admin.required')})` : `(${t('admin.optional')})`}
            </legend>
            <Field id={`banner-title-${language}`} label={t('admin.itemTitle')} error={fieldError(`translations.${language}.title`) || fieldError(`translations.${language}`)}>
              <Input lang={language} value={texts[language]?.title ?? ''} onChange={(event) => setText(language, 'title', event.target.value)} />
            </Field>
            <Field id={`banner-alt-${language}`} label={t('admin.banners.alt')} error={fieldError(`translations.${language}.alt`)}>
              <Input lang={language} value={texts[language]?.alt ?? ''} onChange={(event) => setText(language, 'alt', event.target.value)} />
            </Field>
            <Field id={`banner-link-${language}`} label={t('admin.banners.link')} description={t('admin.banners.linkHint')} error={fieldError(`translations.${language}.link`)}>
              <Input value={texts[language]?.link ?? ''} onChange={(event) => setText(language, 'link', event.target.value)} />
            </Field>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending || uploading}>
            {banner ? t('admin.save') : t('admin.saveDraft')}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('admin.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
