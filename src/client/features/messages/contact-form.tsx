import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircleIcon, SendIcon } from 'lucide-react';
import { Fragment, useId, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Textarea } from '@/client/components/ui/textarea';
import { useToast } from '@/client/components/ui/toast';
import { appErrorOf, applyServerErrors, errorText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import {
  adoptionTimes,
  attendeeRanges,
  classModes,
  companyIndustries,
  contactFormDefaults,
  contactMessageInput,
  courseContents,
  inquiryType,
  inquiryTypes,
  type ContactMessageForm,
  type ContactMessageInput,
} from '@/shared/messages';

/** Spec section 9: the success alert closes itself after 2200 ms. */
const successAlertMs = 2200;

type FieldName = keyof ContactMessageForm;
const fieldNames = Object.keys(contactFormDefaults) as FieldName[];

/** The support page's contact form (spec sections 2, 5 and 9); one zod schema with the server. */
export function ContactForm() {
  const { t, i18n } = useTranslation('messages');
  // Chinese and Japanese write the family name first; English the given name.
  const familyNameFirst = i18n.resolvedLanguage !== 'en';
  const showToast = useToast();
  const formId = useId();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const form = useForm<ContactMessageForm, unknown, ContactMessageInput>({
    resolver: zodResolver(contactMessageInput),
    defaultValues: contactFormDefaults,
  });
  const { register, handleSubmit, reset, setError, watch, formState } = form;
  const submit = useMutation(trpc.messages.submit.mutationOptions());
  const type = watch('type');

  const onValid = (values: ContactMessageInput) => {
    setFailure(null);
    submit.mutate(values, {
      onSuccess: () => {
        reset(contactFormDefaults);
        showToast({ variant: 'success', title: t('success'), duration: successAlertMs });
      },
      onError: (error) => {
        applyServerErrors(error, setError, fieldNames);
        setFailure({ error });
      },
    });
  };

  // Worded at render time, so that it follows a change of language.
  const failureText = (error: unknown) => (appErrorOf(error)?.code === 'TooManyAttempts' ? errorText(error) : t('failure'));

  const field = (name: FieldName, input: ComponentProps<typeof Field>['children'], className?: string) => (
    <Field id={`${formId}-${name}`} label={t(`fields.${name}`)} error={formState.errors[name]} className={className}>
      {input}
    </Field>
  );

  const firstName = (
    <Fragment key="firstName">
      {field('firstName', <Input autoComplete="given-name" aria-required="true" {...register('firstName')} />)}
    </Fragment>
  );
  const lastName = (
    <Fragment key="lastName">
      {field('lastName', <Input autoComplete="family-name" aria-required="true" {...register('lastName')} />)}
    </Fragment>
  );

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={submit.isPending} className="space-y-5">
      <p className="text-sm text-muted-foreground">{t('requiredNote')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        {familyNameFirst ? [lastName, firstName] : [firstName, lastName]}
        {field(
          'email',
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('placeholders.email')}
            aria-required="true"
           
            {...register('email')}
          />,
        )}
        {field(
          'phone',
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('placeholders.phone')}
            aria-required="true"
           
            {...register('phone')}
          />,
        )}
        {field(
          'type',
          <NativeSelect aria-required="true" {...register('type', { setValueAs: (value: unknown) => Number(value) })}>
            {inquiryTypes.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {t(`types.${value}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>,
          'sm:col-span-2',
        )}
      </div>

      {type === inquiryType.demo ? (
        <fieldset className="grid gap-5 rounded-md border border-border bg-muted/50 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">{t('groups.demo')}</legend>
          {field(
            'companyIndustry',
            <NativeSelect aria-required="true" {...register('companyIndustry')}>
              {companyIndustries.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {t(`industries.${value}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>,
          )}
          {field(
            'adoptionTime',
            <NativeSelect aria-required="true" {...register('adoptionTime')}>
              {adoptionTimes.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {t(`adoptionTimes.${value}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>,
          )}
        </fieldset>
      ) : null}

      {type === inquiryType.course ? (
        <fieldset className="grid gap-5 rounded-md border border-border bg-muted/50 p-4 sm:grid-cols-3">
          <legend className="px-1 text-sm font-semibold">{t('groups.course')}</legend>
          {field(
            'attendees',
            <NativeSelect aria-required="true" {...register('attendees')}>
              {attendeeRanges.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {t(`attendees.${value}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>,
          )}
          {field(
            'classMode',
            <NativeSelect aria-required="true" {...register('classMode')}>
              {classModes.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {t(`classModes.${value}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>,
          )}
          {field(
            'courseContent',
            <NativeSelect aria-required="true" {...register('courseContent')}>
              {courseContents.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {t(`courseContents.${value}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>,
          )}
        </fieldset>
      ) : null}

      {field(
        'description',
        <Textarea rows={5} placeholder={t('placeholders.description')} aria-required="true" {...register('description')} />,
      )}

      {failure ? (
        <ErrorAlert title={failureText(failure.error)} />
      ) : null}

      <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto">
        {submit.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
        {submit.isPending ? t('sending') : t('submit')}
      </Button>
    </form>
  );
}
