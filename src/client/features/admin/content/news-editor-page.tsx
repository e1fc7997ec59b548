import { useMutation, useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, EyeIcon, ImageUpIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { FileInput } from '@/client/components/ui/file-input';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Textarea } from '@/client/components/ui/textarea';
import { useToast } from '@/client/components/ui/toast';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { NewsBody } from '@/client/features/content/news-body';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { newsCategories, newsCategory, newsStatus, type NewsAdminItem, type NewsTextForm } from '@/shared/content';
import { languages, type Language } from '@/shared/languages';
import { languageNames, useImageUpload, writtenTexts } from './content-forms';
import { adminNewsPath } from './news-paths';

type Texts = Partial<Record<Language, NewsTextForm>>;

/** /admin/news/new and /admin/news/<id>: load the item (if any), then the form. */
export function NewsEditorPage() {
  const { t } = useTranslation('content');
  const { newsId } = useParams();
  const id = newsId === undefined || newsId === 'new' ? undefined : Number(newsId);
  const item = useQuery({ ...trpc.content.admin.get.queryOptions({ id: id ?? 0 }), enabled: id !== undefined });
  return (
    <div className="space-y-6">
      <Link to={adminNewsPath()} className="inline-flex items-center gap-1 rounded-sm text-sm hover:underline">
        <ChevronLeftIcon className="size-4" aria-hidden="true" />
        {t('admin.title')}
      </Link>
      {id === undefined ? (
        <NewsEditor key="new" />
      ) : item.isPending ? (
        <PageLoading />
      ) : item.isError ? (
        <ErrorAlert title={errorText(item.error)} />
      ) : (
        <NewsEditor key={item.data.id} item={item.data} />
      )}
    </div>
  );
}

/**
 * The editor: category, cover image, and title, summary and body (HTML, sanitised by the server) in
 * each language; a preview from the server's sanitised result before saving; publish or hide.
 */
function NewsEditor({ item }: { item?: NewsAdminItem }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const showToast = useToast();
  const [category, setCategory] = useState<number>(item?.category ?? newsCategory.latest);
  const [coverImage, setCoverImage] = useState<string | null>(item?.coverImage ?? null);
  const [texts, setTexts] = useState<Texts>(item?.translations ?? {});
  const { uploading, error: uploadError, upload } = useImageUpload();
  const [previewLanguage, setPreviewLanguage] = useState<Language>('zh-TW');
  const [previewAsked, setPreviewAsked] = useState<{ language: Language; text: NewsTextForm; coverImage: string | null } | null>(null);
  const save = useMutation(
    trpc.content.admin.save.mutationOptions({
      onSuccess: async (saved) => {
        showToast({ variant: 'success', title: t('admin.saved'), duration: 2200 });
        await queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() });
        if (!item) void navigate(adminNewsPath(saved.id));
      },
    }),
  );
  const status = useMutation(
    trpc.content.admin.setStatus.mutationOptions({
      onSuccess: async (saved) => {
        showToast({ variant: 'success', title: saved.status === newsStatus.enabled ? t('admin.publishedToast') : t('admin.hiddenToast'), duration: 2200 });
        await queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() });
      },
    }),
  );
  const preview = useQuery({ ...trpc.content.admin.preview.queryOptions(previewAsked ?? { language: 'zh-TW', text: { title: '', summary: '', body: '' }, coverImage: null }), enabled: previewAsked !== null, retry: false });
  const fieldErrors = appErrorOf(save.error)?.fieldErrors ?? {};
  const fieldError = (name: string) => fieldErrors[name]?.[0] && { message: fieldErrors[name][0] };
  const setText = (language: Language, key: keyof NewsTextForm, value: string) =>
    setTexts((current) => ({ ...current, [language]: { title: '', summary: '', body: '', ...current[language], [key]: value } }));
  const qa = category === newsCategory.qa;
  const published = item?.status === newsStatus.enabled;

  return (
    <>
      <AdminPageHeader
        title={item ? item.translations['zh-TW'].title : t('admin.new')}
        lead={item ? `${published ? t('admin.published') : t('admin.hidden')} · ${t(`admin.categories.${item.category}` as 'admin.categories.9')}` : t('admin.newLead')}
        actions={
          item ? (
            <Button variant="outline" disabled={status.isPending} onClick={() => status.mutate({ id: item.id, status: published ? newsStatus.hidden : newsStatus.enabled })}>
              {published ? t('admin.hide') : t('admin.publish')}
            </Button>
          ) : null
        }
      />
      {status.error ? <ErrorAlert title={errorText(status.error)} /> : null}
      <form
        className="space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ ...(item ? { id: item.id } : {}), category, coverImage, translations: writtenTexts(texts, { title: '', summary: '', body: '' }) });
        }}
      >
        {save.error && !appErrorOf(save.error)?.fieldErrors ? <ErrorAlert title={errorText(save.error)} /> : null}
        {uploadError ? <ErrorAlert title={errorText(uploadError)} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="news-category" label={t('admin.category')} error={fieldError('category')}>
            <NativeSelect value={category} onChange={(event) => setCategory(Number(event.target.value))}>
              {newsCategories.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {t(`admin.categories.${value}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </Field>
          <Field id="news-cover" label={t('admin.cover')} description={t('admin.imageHint')} error={fieldError('coverImage')}>
            <FileInput accept="image/png,image/jpeg,image/webp" onChange={(event) => void upload(event, setCoverImage)} disabled={uploading} />
          </Field>
        </div>
        {uploading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('admin.uploading')}
          </p>
        ) : null}
        {coverImage ? (
          <div className="flex flex-wrap items-end gap-3">
            <img src={coverImage} alt={t('admin.coverPreview')} className="aspect-video w-full max-w-sm rounded-md border border-border object-cover" />
            <Button type="button" variant="outline" size="sm" onClick={() => setCoverImage(null)}>
              {t('admin.removeCover')}
            </Button>
          </div>
        ) : null}
        {languages.map((language) => (
          <fieldset key={language} className="space-y-3 rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-semibold">
              {languageNames[language]} {language === 'zh-TW' ? `(${t('admin.required')})` : `(${t('admin.optional')})`}
            </legend>
            <Field id={`news-title-${language}`} label={qa ? t('admin.question') : t('admin.itemTitle')} error={fieldError(`translations.${language}.title`) || fieldError(`translations.${language}`)}>
              <Input lang={language} value={texts[language]?.title ?? ''} onChange={(event) => setText(language, 'title', event.target.value)} />
            </Field>
            <Field id={`news-summary-${language}`} label={qa ? t('admin.group') : t('admin.summary')} error={fieldError(`translations.${language}.summary`)}>
              <Input lang={language} value={texts[language]?.summary ?? ''} onChange={(event) => setText(language, 'summary', event.target.value)} />
            </Field>
            <Field id={`news-body-${language}`} label={qa ? t('admin.answer') : t('admin.body')} description={t('admin.bodyHint')} error={fieldError(`translations.${language}.body`)}>
              <Textarea lang={language} className="min-h-40 font-mono text-sm" value={texts[language]?.body ?? ''} onChange={(event) => setText(language, 'body', event.target.value)} />
            </Field>
            <FileInput
              chooseText={t('admin.addImage')}
              icon={<ImageUpIcon aria-hidden="true" />}
              accept="image/png,image/jpeg,image/webp"
              disabled={uploading}
              onChange={(event) => void upload(event, (url) => setText(language, 'body', `${texts[language]?.body ?? ''}\n<p><img src="${url}" alt=""></p>`))}
            />
          </fieldset>
        ))}
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
            {item ? t('admin.save') : t('admin.saveDraft')}
          </Button>
          <Field id="news-preview-language" label={t('admin.previewLanguage')} className="w-40">
            <NativeSelect value={previewLanguage} onChange={(event) => setPreviewLanguage(event.target.value as Language)}>
              {languages.map((language) => (
                <NativeSelectOption key={language} value={language}>
                  {languageNames[language]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </Field>
          <Button
            type="button"
            variant="outline"
            onClick={() => setPreviewAsked({ language: previewLanguage, text: texts[previewLanguage] ?? texts['zh-TW'] ?? { title: '', summary: '', body: '' }, coverImage })}
          >
            <EyeIcon aria-hidden="true" />
            {t('admin.preview')}
          </Button>
        </div>
      </form>
      {previewAsked ? (
        <section aria-labelledby="news-preview" className="rounded-lg border-2 border-dashed border-border p-4 sm:p-6">
          <h2 id="news-preview" className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('admin.previewTitle')}
          </h2>
          {preview.isPending ? (
            <PageLoading />
          ) : preview.isError ? (
            <ErrorAlert title={appErrorOf(preview.error)?.fieldErrors ? t('admin.previewIncomplete') : errorText(preview.error)} />
          ) : (
            <article lang={previewAsked.language} className="max-w-3xl space-y-4">
              <h3 className="text-2xl font-bold tracking-tight">{preview.data.title}</h3>
              {preview.data.summary ? <p className="text-lg text-muted-foreground">{preview.data.summary}</p> : null}
              {preview.data.coverImage ? <img src={preview.data.coverImage} alt="" className="aspect-video w-full rounded-lg object-cover" /> : null}
              <NewsBody html={preview.data.body} language={previewAsked.language} className="text-lg" />
            </article>
          )}
        </section>
      ) : null}
    </>
  );
}
