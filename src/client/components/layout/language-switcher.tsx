import { LanguagesIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { changeLanguage, currentLanguage } from '@/client/i18n';
import { isLanguage, languages } from '@/shared/languages';

/** A labelled native select: each language is listed by its own name and marked with its lang. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="flex items-center text-muted-foreground">
        <LanguagesIcon className="size-4" aria-hidden="true" />
        <span className="sr-only">{t('language.label')}</span>
      </label>
      <LanguageSelect id={id} compact />
    </div>
  );
}

/** The portal's language, each listed by its own name and marked with its lang; a choice applies at once. */
export function LanguageSelect({ id, compact = false }: { id: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      id={id}
      value={currentLanguage()}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
      }}
      compact={compact}
    >
      {languages.map((language) => (
        <NativeSelectOption key={language} value={language} lang={language}>
          {t(`language.names.${language}`)}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
}
