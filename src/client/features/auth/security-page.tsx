import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, LoaderCircleIcon, ShieldCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SuccessAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { useToast } from '@/client/components/ui/toast';
import { Field } from '@/client/components/ui/field';
import { RefusalAlert } from './refusal-alert';
import { refreshSession, useSession, type SessionMember } from '@/client/features/auth/session';
import { appErrorOf, applyServerErrors } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import { changePasswordFormSchema, confirmTotpInput, type ChangePasswordForm } from '@/shared/auth';

/** /management-center/security: change the password; enrol an authenticator when the portal requires one. */
export function SecurityPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const member = session.data?.member;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('security.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('security.lead')}</p>
      </header>
      <section aria-labelledby="change-password" className="rounded-lg border border-border bg-card p-5 sm:p-6">
        <h2 id="change-password" className="text-lg font-semibold">{t('security.password.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('security.password.lead')}</p>
        <ChangePasswordFormCard />
      </section>
      {member && (member.totpRequired || member.totpEnabled) ? (
        <section aria-labelledby="two-step" className="rounded-lg border border-border bg-card p-5 sm:p-6">
          <h2 id="two-step" className="text-lg font-semibold">{t('security.totp.title')}</h2>
          <TotpSection />
        </section>
      ) : null}
    </div>
  );
}

/** What a member must do before anything else: change an expired password, then enrol an authenticator. */
export function PendingSteps({ member }: { member: SessionMember }) {
  const { t } = useTranslation('auth');
  const step = member.pendingSteps[0]!;
  return (
    <div className="max-w-xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`pending.${step}.title`)}</h1>
        <p className="mt-2 text-muted-foreground">{t(`pending.${step}.lead`)}</p>
      </header>
      <div className="rounded-lg border border-border bg-card p-5 sm:p-6">{step === 'changePassword' ? <ChangePasswordFormCard /> : <TotpEnrolment />}</div>
    </div>
  );
}

const emptyPasswords: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

function ChangePasswordFormCard() {
  const { t } = useTranslation('auth');
  const formId = useId();
  const showToast = useToast();
  const policy = useQuery(trpc.auth.passwordPolicy.queryOptions());
  const strength = policy.data?.passwordStrength ?? 'basic';
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema(strength)), defaultValues: emptyPasswords });
  const { errors } = form.formState;

  const onValid = (values: ChangePasswordForm) => {
    setFailure(null);
    change.mutate(values, {
      onSuccess: () => {
        form.reset(emptyPasswords);
        showToast({ variant: 'success', title: t('security.password.changed'), duration: 2200 });
        void refreshSession();
      },
      onError: (error) => {
        if (appErrorOf(error)?.code === 'IncorrectPassword') form.setError('currentPassword', { type: 'server', message: 'validation.currentPasswordWrong' });
        else if (!applyServerErrors(error, form.setError, ['currentPassword', 'password', 'confirmPassword'], 'password')) setFailure(error);
      },
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-4 max-w-md space-y-4" aria-busy={change.isPending}>
      <Field id={`${formId}-current`} label={t('fields.currentPassword')} error={errors.currentPassword}>
        <Input type="password" autoComplete="current-password" aria-required="true" {...form.register('currentPassword')} />
      </Field>
      <Field id={`${formId}-new`} label={t('fields.newPassword')} error={errors.password} description={t(`hints.password.${strength}`)}>
        <Input type="password" autoComplete="new-password" aria-required="true" {...form.register('password')} />
      </Field>
      <Field id={`${formId}-confirm`} label={t('fields.confirmPassword')} error={errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" aria-required="true" {...form.register('confirmPassword')} />
      </Field>
      {failure ? <RefusalAlert error={failure} /> : null}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <KeyRoundIcon aria-hidden="true" />}
        {t('security.password.submit')}
      </Button>
    </form>
  );
}

function TotpSection() {
  const { t } = useTranslation('auth');
  const status = useQuery(trpc.auth.totp.status.queryOptions());
  if (status.isPending) return null;
  if (status.data?.enabled) {
    return (
      <SuccessAlert title={t('security.totp.enabled')} icon={<ShieldCheckIcon aria-hidden="true" />} className="mt-4">
        {t('security.totp.codesLeft', { count: status.data.recoveryCodesLeft })}
      </SuccessAlert>
    );
  }
  return <TotpEnrolment />;
}

/** Enrolment: a QR code for the authenticator app, a first code to confirm, then the recovery codes, shown once. */
function TotpEnrolment() {
  const { t } = useTranslation('auth');
  const formId = useId();
  const begin = useMutation(trpc.auth.totp.begin.mutationOptions());
  const confirm = useMutation(trpc.auth.totp.confirm.mutationOptions());
  const form = useForm<{ code: string }>({ resolver: zodResolver(confirmTotpInput), defaultValues: { code: '' } });

  if (confirm.isSuccess) {
    return (
      <div className="mt-4 space-y-4">
        <SuccessAlert title={t('security.totp.done')}>
          {t('security.totp.saveCodes')}
        </SuccessAlert>
        <ul aria-label={t('security.totp.codesLabel')} className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-sm">
          {confirm.data.recoveryCodes.map((code) => (
            <li key={code} className="rounded border border-border bg-muted px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
        <Button onClick={() => void refreshSession()}>{t('security.totp.continue')}</Button>
      </div>
    );
  }

  if (!begin.data) {
    return (
      <div className="mt-4 space-y-3">
        <p className="text-sm text-muted-foreground">{t('security.totp.lead')}</p>
        {begin.isError ? <RefusalAlert error={begin.error} /> : null}
        <Button onClick={() => begin.mutate()} disabled={begin.isPending}>
          <ShieldCheckIcon aria-hidden="true" />
          {t('security.totp.start')}
        </Button>
      </div>
    );
  }

  const onValid = ({ code }: { code: string }) =>
    confirm.mutate(
      { code },
      { onError: (error) => (appErrorOf(error)?.code === 'IncorrectValue' ? form.setError('code', { type: 'server', message: 'validation.totpCode' }) : undefined) },
    );

  return (
    <div className="mt-4 grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
      <div>
        <img src={begin.data.qrCode} alt={t('security.totp.qrAlt')} width={220} height={220} className="rounded border border-border bg-white" />
      </div>
      <div className="space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>{t('security.totp.step1')}</li>
          <li>{t('security.totp.step2')}</li>
        </ol>
        <p className="text-sm">
          {t('security.totp.manual')}{' '}
          <code data-testid="totp-secret" className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
            {begin.data.secret}
          </code>
        </p>
        <form noValidate onSubmit={form.handleSubmit(onValid)} className="max-w-xs space-y-3">
          <Field id={`${formId}-code`} label={t('fields.totpCode')} error={form.formState.errors.code}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-required="true" {...form.register('code')} />
          </Field>
          {confirm.isError && appErrorOf(confirm.error)?.code !== 'IncorrectValue' ? <RefusalAlert error={confirm.error} /> : null}
          <Button type="submit" disabled={confirm.isPending}>
            {t('security.totp.confirm')}
          </Button>
        </form>
      </div>
    </div>
  );
}
