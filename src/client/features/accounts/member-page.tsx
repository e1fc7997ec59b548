import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, CircleAlertIcon, FileUpIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SuccessAlert } from '@/client/components/alerts';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { LanguageSelect } from '@/client/components/layout/language-switcher';
import { useToast } from '@/client/components/ui/toast';
import { Field } from '@/client/components/ui/field';
import { FileInput } from '@/client/components/ui/file-input';
import { RefusalAlert } from '@/client/features/auth/refusal-alert';
import { refreshSession } from '@/client/features/auth/session';
import { appErrorOf, applyServerErrors, errorText, validationText } from '@/client/lib/errors';
import { uploadFile } from '@/client/lib/upload';
import { trpc } from '@/client/trpc';
import { businessCardLimits, identifierField, profileInput, type ProfileForm, type ProfileInput } from '@/shared/accounts';

type Profile = Awaited<ReturnType<typeof import('@/client/trpc').trpcClient.accounts.profile.query>>;

/** /management-center/member: the member, the company data of the group, language, business card, agent reference. */
export function MemberPage() {
  const { t } = useTranslation('accounts');
  const profile = useQuery(trpc.accounts.profile.queryOptions());
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('profile.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('profile.lead')}</p>
      </header>
      {profile.isError ? <RefusalAlert error={profile.error} /> : null}
      {profile.data ? (
        <>
          <Completeness profile={profile.data} />
          <ProfileSection profile={profile.data} />
          <LanguageSection />
          <BusinessCardSection uploaded={profile.data.businessCardUploaded} />
          <AgentReferenceSection refAgentId={profile.data.group.refAgentId} />
        </>
      ) : null}
    </div>
  );
}

function Completeness({ profile }: { profile: Profile }) {
  const { t } = useTranslation('accounts');
  if (profile.complete) {
    return <SuccessAlert title={t('profile.complete')} />;
  }
  return (
    <Alert role="status">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>{t('profile.incomplete')}</AlertTitle>
      <AlertDescription>
        <ul className="mt-1 list-disc pl-4">
          {profile.missing.map((field) => (
            <li key={field}>{t(`profile.missing.${field}`)}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-card p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">{title}</h2>
      {lead ? <p className="mt-1 text-sm text-muted-foreground">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const profileFields = ['name', 'companyName', 'taxId', 'contactPersonName', 'contactPersonTel', 'contactPersonEmail', 'companyAddress'] as const;

function ProfileSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('accounts');
  const { t: tAuth } = useTranslation('auth');
  const formId = useId();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.accounts.updateProfile.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<ProfileForm, unknown, ProfileInput>({
    resolver: zodResolver(profileInput),
    defaultValues: { name: profile.user.name, ...profile.group },
  });
  const { errors } = form.formState;
  const readOnly = !profile.user.isGroupAdmin;

  const onValid = (values: ProfileInput) => {
    setFailure(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.accounts.profile.queryKey(), saved);
        void refreshSession();
        showToast({ variant: 'success', title: t('profile.saved'), duration: 2200 });
      },
      onError: (error) => (applyServerErrors(error, form.setError, profileFields) ? undefined : setFailure(error)),
    });
  };

  const field = (name: (typeof profileFields)[number], options: { type?: string; autoComplete?: string; required?: boolean; className?: string } = {}) => (
    <Field id={`${formId}-${name}`} label={t(`profile.fields.${name}`)} error={errors[name]} className={options.className}>
      <Input
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        aria-required={options.required ? 'true' : undefined}
        readOnly={readOnly}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <Section id="profile-company" title={t('profile.companyTitle')} lead={readOnly ? t('profile.readOnly') : t('profile.companyLead')}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-5" aria-busy={update.isPending}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <p className="text-sm font-medium">{tAuth('fields.email')}</p>
            <p className="rounded-md border border-dashed border-border px-3 py-2 text-sm break-all text-muted-foreground">{profile.user.email}</p>
          </div>
          {field('name', { autoComplete: 'name', required: true })}
          {field('companyName', { autoComplete: 'organization', required: true })}
          {field('taxId', { required: true })}
          {field('contactPersonName')}
          {field('contactPersonTel', { type: 'tel', autoComplete: 'tel' })}
          {field('contactPersonEmail', { type: 'email', autoComplete: 'email' })}
          {field('companyAddress', { autoComplete: 'street-address', className: 'sm:col-span-2' })}
        </div>
        {failure ? <RefusalAlert error={failure} /> : null}
        {readOnly ? null : (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
            {t('profile.save')}
          </Button>
        )}
      </form>
    </Section>
  );
}

function LanguageSection() {
  const { t } = useTranslation('accounts');
  const id = useId();
  return (
    <Section id="profile-language" title={t('language.title')} lead={t('language.lead')}>
      <Field id={id} label={t('language.label')} className="max-w-xs">
        <LanguageSelect id={id} />
      </Field>
    </Section>
  );
}

function BusinessCardSection({ uploaded }: { uploaded: boolean }) {
  const { t } = useTranslation('accounts');
  const id = useId();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    if (!file) return setError(validationText('validation.required'));
    if (file.size > businessCardLimits.maxBytes) return setError(t('card.tooLarge'));
    setPending(true);
    try {
      await uploadFile(`/member-files/business-card${replace ? '?overwrite=1' : ''}`, file);
      // The field shows no file once it is sent, as the form holds none.
      form.reset();
      setFile(null);
      setReplace(false);
      await queryClient.invalidateQueries({ queryKey: trpc.accounts.profile.queryKey() });
      showToast({ variant: 'success', title: t('card.uploaded'), duration: 2200 });
    } catch (failure) {
      const code = appErrorOf(failure)?.code;
      setError(code === 'InvalidParameterType' ? t('card.wrongType') : code === 'OutOfRange' ? t('card.tooLarge') : errorText(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Section id="profile-card" title={t('card.title')} lead={t('card.lead')}>
      {uploaded ? (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm">
          <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
          {t('card.onFile')}{' '}
          <a href="/member-files/business-card" target="_blank" rel="noreferrer" className="text-primary underline underline-offset-4">
            {t('card.view')}
          </a>
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="space-y-4" aria-busy={pending}>
        <Field id={id} label={t('card.file')} description={t('card.hint')} error={error ?? undefined}>
          <FileInput accept={businessCardLimits.types.join(',')} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </Field>
        {uploaded ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
            {t('card.replace')}
          </label>
        ) : null}
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <FileUpIcon aria-hidden="true" />}
          {t('card.upload')}
        </Button>
      </form>
    </Section>
  );
}

function AgentReferenceSection({ refAgentId }: { refAgentId: string | null }) {
  const { t } = useTranslation('accounts');
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const setReference = useMutation(trpc.accounts.setAgentReference.mutationOptions());

  if (refAgentId) {
    return (
      <Section id="profile-agent" title={t('agent.title')}>
        <p className="text-sm">
          {t('agent.current')} <strong className="font-mono">{refAgentId}</strong>
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{t('agent.locked')}</p>
      </Section>
    );
  }

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = identifierField.safeParse(value);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'validation.invalid');
    setFieldError(null);
    setConfirming(true);
  };

  const save = () =>
    setReference.mutate(
      { refAgentId: value.trim(), confirmUnchangeable: true },
      {
        onSettled: () => setConfirming(false),
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.accounts.profile.queryKey() }),
        onError: (error) => setFieldError(appErrorOf(error)?.fieldErrors?.refAgentId?.[0] ?? null),
      },
    );

  return (
    <Section id="profile-agent" title={t('agent.title')} lead={t('agent.lead')}>
      <form noValidate onSubmit={review} className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-start">
        <Field id={id} label={t('agent.label')} error={fieldError ? { message: fieldError } : undefined} className="flex-1">
          <Input value={value} onChange={(event) => setValue(event.target.value)} spellCheck={false} />
        </Field>
        {/* Level with the input whether or not an error shows under it: below the label (14 px, a flex line) and the 8 px gap. */}
        <Button type="submit" variant="outline" className="sm:mt-[1.375rem]">
          {t('agent.set')}
        </Button>
      </form>
      {setReference.isError && !fieldError ? <div className="mt-3"><RefusalAlert error={setReference.error} /></div> : null}
      <Dialog.Root open={confirming} onOpenChange={setConfirming}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-card p-6 shadow-xl">
            <Dialog.Title className="text-lg font-semibold">{t('agent.confirmTitle')}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-muted-foreground">{t('agent.confirmBody', { id: value.trim() })}</Dialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">{t('agent.cancel')}</Button>
              </Dialog.Close>
              <Button onClick={save} disabled={setReference.isPending}>
                {t('agent.confirm')}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Section>
  );
}
