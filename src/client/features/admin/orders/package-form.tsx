import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@/shared/languages';
import { formatPoints } from '@/shared/money';
import { packageBonus, packageInput, packageLimits, packageStatus, packageTypes, type PackageForm, type PointPackage } from '@/shared/packages';
import { projectType, projectTypes, type ProjectType } from '@/shared/points';
import { requiredMessage } from '@/shared/text';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { languageNames } from '@/client/features/admin/content/content-forms';
import { currentLanguage } from '@/client/i18n';
import { appErrorOf, errorText } from '@/client/lib/errors';

type PackageType = (typeof packageTypes)[number];
type PackageStatus = (typeof packageStatus)[keyof typeof packageStatus];

/** What staff type: points and price as text, turned into tenths and minor units on saving. */
interface PackageFormText {
  names: Record<Language, string>;
  points: string;
  price: string;
  projectType: ProjectType;
  type: PackageType;
  status: PackageStatus;
}

const MINOR_PER_DOLLAR = 100;
const fieldNames = ['pointsTenths', 'priceMinor', 'projectType', 'type', 'status', ...languages.map((language) => `names.${language}`)];

function textOf(pkg: PointPackage | undefined): PackageFormText {
  if (!pkg) return { names: { 'zh-TW': '', en: '', 'zh-CN': '', ja: '' }, points: '', price: '', projectType: projectType.mPoint, type: 'general', status: packageStatus.active };
  return {
    names: { 'zh-TW': pkg.names['zh-TW'] ?? '', en: pkg.names.en ?? '', 'zh-CN': pkg.names['zh-CN'] ?? '', ja: pkg.names.ja ?? '' },
    points: String(pkg.pointsTenths / 10),
    price: String(pkg.priceMinor / MINOR_PER_DOLLAR),
    projectType: pkg.projectType as ProjectType,
    type: pkg.type,
    status: pkg.status as PackageStatus,
  };
}

/** Full-width digits and stops (typed with a Chinese or Japanese input method) and thousands separators read as plain digits. */
function plainNumber(text: string): string {
  return text.normalize('NFKC').replace(/[\s,]/g, '');
}

type ReadError = 'required' | 'format' | 'tooLarge';

/** A field's message: a validation key of the shared schema, or a text already translated. */
type FieldMessage = { message: string } | string;

/** A number typed with at most `decimals` decimals, scaled to integer units; why not, when it cannot be read or is past `max`. */
function readAmount(text: string, decimals: 0 | 1, scale: number, max: number): number | ReadError {
  const plain = plainNumber(text);
  if (plain === '') return 'required';
  if (!(decimals === 1 ? /^\d+(\.\d)?$/ : /^\d+$/).test(plain)) return 'format';
  const units = Math.round(Number(plain) * scale);
  return units > max ? 'tooLarge' : units;
}

/** The first message of each field the shared schema refuses, by its path ('names.en', 'priceMinor'). */
function schemaErrors(form: PackageForm): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of packageInput.safeParse(form).error?.issues ?? []) errors[issue.path.join('.')] ??= { message: issue.message };
  return errors;
}

/**
 * The point-package form of the back office, for a new package or one being edited. Points (one
 * decimal) and price (whole dollars) are read from text here into tenths and minor units; the rest is
 * checked by the schema the server applies (names in every language, a general plan's price above 0,
 * a bonus plan's zero price), so that every field's message shows at the first submit. What only the
 * server knows (the one active trial plan) comes back from it onto its field.
 */
export function PackageFormFields({
  pkg,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  pkg?: PointPackage;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (values: PackageForm) => void;
}) {
  const { t } = useTranslation('orders');
  const [values, setValues] = useState(() => textOf(pkg));
  // The client's messages of the last submit, or null when it passed them and the server's apply.
  const [localErrors, setLocalErrors] = useState<Record<string, FieldMessage> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = `package-${pkg?.id ?? 'new'}`;
  const app = appErrorOf(error);
  const fieldErrors = app?.fieldErrors ?? {};
  const serverError = (name: string) => (fieldErrors[name]?.[0] ? { message: fieldErrors[name][0] } : undefined);
  const fieldError = (name: string) => (localErrors ? localErrors[name] : serverError(name));
  const change = (patch: Partial<PackageFormText>) => setValues((current) => ({ ...current, ...patch }));
  const placed = fieldNames.some((name) => fieldErrors[name]?.[0]);

  // After a refusal, the keyboard lands on the first field to correct.
  useEffect(() => {
    if (error || localErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, localErrors]);

  const localError = (kind: ReadError, formatText: string) => (kind === 'format' ? formatText : { message: kind === 'required' ? requiredMessage : 'validation.packages.tooLarge' });
  const points = readAmount(values.points, 1, 10, packageLimits.maxPointsTenths);
  const price = values.type === 'bonus' ? 0 : readAmount(values.price, 0, MINOR_PER_DOLLAR, packageLimits.maxPriceMinor);
  const bonus = typeof points === 'number' && typeof price === 'number' && price > 0 ? packageBonus(points, price) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An amount that cannot be read has its own message; 0 in its place lets the schema's other rules
    // (a general plan's price above 0) speak at this submit too.
    const form = { names: values.names, pointsTenths: typeof points === 'number' ? points : 0, priceMinor: typeof price === 'number' ? price : 0, projectType: values.projectType, type: values.type, status: values.status };
    const errors = schemaErrors(form);
    if (typeof points !== 'number') errors.pointsTenths = localError(points, t('packagesAdmin.pointsFormat'));
    if (typeof price !== 'number') errors.priceMinor = localError(price, t('packagesAdmin.priceFormat'));
    const refused = Object.keys(errors).length > 0;
    setLocalErrors(refused ? errors : null);
    if (!refused) onSubmit(form);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={pkg ? t('packagesAdmin.editTitle', { name: pkg.names[currentLanguage()] }) : t('packagesAdmin.newTitle')} className="space-y-5">
      {error && !placed && !localErrors ? <ErrorAlert title={errorText(error)} /> : null}
      <fieldset className="space-y-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t('packagesAdmin.namesLegend')}</legend>
        <p className="text-xs text-muted-foreground">{t('packagesAdmin.namesHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {languages.map((language) => (
            <Field key={language} id={`${idPrefix}-name-${language}`} label={t('packagesAdmin.nameIn', { language: languageNames[language] })} error={fieldError(`names.${language}`)}>
              <Input
                lang={language}
                value={values.names[language]}
                onChange={(event) => {
                  const name = event.target.value;
                  setValues((current) => ({ ...current, names: { ...current.names, [language]: name } }));
                }}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={`${idPrefix}-type`} label={t('packagesAdmin.columns.type')} description={t('packagesAdmin.typeHint')} error={fieldError('type')}>
          <NativeSelect
            value={values.type}
            onChange={(event) => {
              const type = event.target.value as PackageType;
              setValues((current) => ({ ...current, type, price: type === 'bonus' ? '0' : current.price }));
            }}
          >
            {packageTypes.map((type) => (
              <NativeSelectOption key={type} value={type}>
                {t(`packagesAdmin.types.${type}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${idPrefix}-project-type`} label={t('packagesAdmin.columns.projectType')} error={fieldError('projectType')}>
          <NativeSelect value={values.projectType} onChange={(event) => change({ projectType: Number(event.target.value) as ProjectType })}>
            {projectTypes.map((code) => (
              <NativeSelectOption key={code} value={code}>
                {t(`packagesAdmin.projectTypes.${code}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${idPrefix}-status`} label={t('packagesAdmin.columns.status')} description={t('packagesAdmin.statusHint')} error={fieldError('status')}>
          <NativeSelect value={values.status} onChange={(event) => change({ status: Number(event.target.value) as PackageStatus })}>
            <NativeSelectOption value={packageStatus.active}>{t('packagesAdmin.statuses.active')}</NativeSelectOption>
            <NativeSelectOption value={packageStatus.inactive}>{t('packagesAdmin.statuses.inactive')}</NativeSelectOption>
          </NativeSelect>
        </Field>
        <Field id={`${idPrefix}-points`} label={t('packagesAdmin.pointsLabel')} description={t('packagesAdmin.pointsHint')} error={fieldError('pointsTenths')}>
          <Input inputMode="decimal" autoComplete="off" value={values.points} onChange={(event) => change({ points: event.target.value })} />
        </Field>
        <Field
          id={`${idPrefix}-price`}
          label={t('packagesAdmin.priceLabel')}
          description={values.type === 'bonus' ? t('packagesAdmin.priceBonusHint') : t('packagesAdmin.priceHint')}
          error={fieldError('priceMinor')}
        >
          <Input inputMode="numeric" autoComplete="off" readOnly={values.type === 'bonus'} value={values.type === 'bonus' ? '0' : values.price} onChange={(event) => change({ price: event.target.value })} />
        </Field>
      </div>
      {bonus ? (
        <p className="text-sm text-primary">
          {t('packagesAdmin.preview', { points: formatPoints(bonus.bonusTenths, currentLanguage()), percent: bonus.bonusPercent })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pkg ? (pending ? t('packagesAdmin.saving') : t('packagesAdmin.save')) : pending ? t('packagesAdmin.creating') : t('packagesAdmin.create')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('packagesAdmin.cancel')}
        </Button>
      </div>
    </form>
  );
}
