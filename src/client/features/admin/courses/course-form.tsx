import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { courseModes, type AdminCourse, type CourseMode, type CourseTranslations } from '@/shared/courses';
import { languages, type Language } from '@/shared/languages';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Textarea } from '@/client/components/ui/textarea';
import { appErrorOf, errorText } from '@/client/lib/errors';

export interface CourseFormValues {
  courseId: string;
  translations: CourseTranslations;
  mode: CourseMode;
  location: string;
  meetingUrl: string;
  status: 0 | 9;
}

const languageNames: Record<Language, string> = { 'zh-TW': '繁體中文', en: 'English', 'zh-CN': '简体中文', ja: '日本語' };

export function emptyCourse(): CourseFormValues {
  return { courseId: '', translations: { 'zh-TW': { name: '', description: '' } }, mode: 'inPerson', location: '', meetingUrl: '', status: 0 };
}

export function courseValues(course: AdminCourse): CourseFormValues {
  return { courseId: course.courseId, translations: course.translations, mode: course.mode, location: course.location, meetingUrl: course.meetingUrl, status: course.status };
}

/** Drops the languages staff left blank (zh-TW is always sent, so a blank name there is refused in words). */
export function translationsToSend(translations: CourseTranslations): CourseTranslations {
  const result: CourseTranslations = { 'zh-TW': translations['zh-TW'] };
  for (const language of languages) {
    const text = translations[language];
    if (language !== 'zh-TW' && text && (text.name.trim() || text.description.trim())) result[language as Exclude<Language, 'zh-TW'>] = text;
  }
  return result;
}

/**
 * The course form of the back office: an 8-digit id (fixed once created), name and description in
 * each language, in person with a place or online with a meeting link. Field errors come from the
 * server's shared schema, so the rules live in one place.
 */
export function CourseForm({ initial, editing, pending, error, onSubmit }: { initial: CourseFormValues; editing: boolean; pending: boolean; error: unknown; onSubmit: (values: CourseFormValues) => void }) {
  const { t } = useTranslation('courses');
  const [values, setValues] = useState(initial);
  const fieldErrors = appErrorOf(error)?.fieldErrors ?? {};
  const fieldError = (name: string) => fieldErrors[name]?.[0] && { message: fieldErrors[name][0] };
  const setText = (language: Language, key: 'name' | 'description', value: string) =>
    setValues((current) => ({ ...current, translations: { ...current.translations, [language]: { name: '', description: '', ...current.translations[language], [key]: value } } }));
  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ ...values, translations: translationsToSend(values.translations) });
      }}
    >
      {error && !appErrorOf(error)?.fieldErrors ? <ErrorAlert title={errorText(error)} /> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="course-id" label={t('admin.courseId')} description={t('admin.courseIdHint')} error={fieldError('courseId')}>
          <Input inputMode="numeric" maxLength={8} value={values.courseId} disabled={editing} onChange={(event) => setValues({ ...values, courseId: event.target.value })} />
        </Field>
        <Field id="course-mode" label={t('admin.mode')} error={fieldError('mode')}>
          <NativeSelect value={values.mode} onChange={(event) => setValues({ ...values, mode: event.target.value as CourseMode })}>
            {courseModes.map((mode) => (
              <NativeSelectOption key={mode} value={mode}>
                {t(`mode.${mode}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        {editing ? (
          <Field id="course-status" label={t('admin.status')}>
            <NativeSelect value={values.status} onChange={(event) => setValues({ ...values, status: Number(event.target.value) as 0 | 9 })}>
              <NativeSelectOption value={0}>{t('admin.statusOpen')}</NativeSelectOption>
              <NativeSelectOption value={9}>{t('admin.statusArchived')}</NativeSelectOption>
            </NativeSelect>
          </Field>
        ) : null}
      </div>
      {values.mode === 'inPerson' ? (
        <Field id="course-location" label={t('place')} error={fieldError('location')}>
          <Input value={values.location} onChange={(event) => setValues({ ...values, location: event.target.value })} />
        </Field>
      ) : (
        <Field id="course-meeting-url" label={t('meetingLink')} error={fieldError('meetingUrl')}>
          <Input type="url" placeholder="https://" value={values.meetingUrl} onChange={(event) => setValues({ ...values, meetingUrl: event.target.value })} />
        </Field>
      )}
      {languages.map((language) => (
        <fieldset key={language} className="space-y-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold">
            {languageNames[language]} {language === 'zh-TW' ? `(${t('admin.required')})` : `(${t('admin.optional')})`}
          </legend>
          <Field id={`course-name-${language}`} label={t('admin.name')} error={fieldError(`translations.${language}.name`)}>
            <Input lang={language} value={values.translations[language]?.name ?? ''} onChange={(event) => setText(language, 'name', event.target.value)} />
          </Field>
          <Field id={`course-description-${language}`} label={t('admin.description')} error={fieldError(`translations.${language}.description`)}>
            <Textarea lang={language} className="min-h-20" value={values.translations[language]?.description ?? ''} onChange={(event) => setText(language, 'description', event.target.value)} />
          </Field>
        </fieldset>
      ))}
      <Button type="submit" disabled={pending}>
        {editing ? t('admin.save') : t('admin.create')}
      </Button>
    </form>
  );
}
