import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircleIcon, LogInIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '@/client/components/layout/brand-mark';
import { LanguageSwitcher } from '@/client/components/layout/language-switcher';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { brand } from '@/client/lib/brand';
import { errorText } from '@/client/lib/errors';
import { adminPath, isAdminPath } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { staffSignInInput, type StaffSignInForm, type StaffSignInResult } from '@/shared/staff';
import { refreshStaffSession, useStaffSession } from './staff-session';
import { StaffCodeStep, StaffEnrolmentStep, StaffRecoveryCodes } from './staff-second-factor';

/** Where to go after signing in: a back-office address from ?next=, or the overview. */
function nextAdminPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && isAdminPath(next.split('?')[0]!) && !next.startsWith('//') ? next : adminPath;
}

type Step = { name: 'credentials' } | { name: 'code' } | { name: 'enrol'; secret: string; qrCode: string } | { name: 'codes'; codes: string[] };

/**
 * /admin/sign-in: the staff sign-in, apart from the members' /login and with its own session cookie.
 * After the password: the authenticator code, or at the first sign-in the enrolment (QR code, a first
 * code) and then the recovery codes, shown once. Each step sends the password again (the server keeps
 * no half-signed-in state).
 */
export function StaffSignInPage() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const navigate = useNavigate();
  const formId = useId();
  const session = useStaffSession();
  const [failure, setFailure] = useState<unknown>(null);
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const [credentials, setCredentials] = useState<StaffSignInForm | null>(null);
  const signIn = useMutation(trpc.staff.signIn.mutationOptions());
  const form = useForm<StaffSignInForm>({ resolver: zodResolver(staffSignInInput), defaultValues: { email: '', password: '' } });
  const title = `${t('signIn.title')} | ${t('title', { brand })}`;
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (session.data?.staff && !signIn.isPending && !signIn.isSuccess) return <Navigate to={nextAdminPath(location.search)} replace />;

  const enter = async () => {
    await refreshStaffSession();
    await navigate(nextAdminPath(location.search), { replace: true });
  };
  const onResult = async (result: StaffSignInResult) => {
    if (result.status === 'totpRequired') setStep({ name: 'code' });
    else if (result.status === 'totpEnrolment') setStep({ name: 'enrol', secret: result.secret, qrCode: result.qrCode });
    else if (result.recoveryCodes) setStep({ name: 'codes', codes: result.recoveryCodes });
    else await enter();
  };
  const attempt = (values: StaffSignInForm) => {
    setFailure(null);
    setCredentials({ email: values.email, password: values.password });
    signIn.mutate(values, { onSuccess: onResult, onError: setFailure });
  };
  const back = () => {
    setFailure(null);
    setStep({ name: 'credentials' });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <span className="flex items-center gap-2 font-semibold">
          <BrandMark className="size-7" />
          {t('title', { brand })}
        </span>
        <LanguageSwitcher />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
        <div className="w-full max-w-md rounded-lg border border-border bg-card p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold">{t('signIn.title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('signIn.lead')}</p>
          {step.name === 'credentials' ? (
            <form noValidate onSubmit={form.handleSubmit(attempt)} className="mt-6 space-y-5" aria-busy={signIn.isPending}>
              <Field id={`${formId}-email`} label={t('signIn.email')} error={form.formState.errors.email}>
                <Input type="email" inputMode="email" autoComplete="username" aria-required="true" {...form.register('email')} />
              </Field>
              <Field id={`${formId}-password`} label={t('signIn.password')} error={form.formState.errors.password}>
                <Input type="password" autoComplete="current-password" aria-required="true" {...form.register('password')} />
              </Field>
              {failure ? <ErrorAlert title={errorText(failure)} /> : null}
              <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
                {signIn.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LogInIcon aria-hidden="true" />}
                {t('signIn.submit')}
              </Button>
            </form>
          ) : null}
          {step.name === 'code' && credentials ? <StaffCodeStep pending={signIn.isPending} failure={failure} onAnswer={(answer) => attempt({ ...credentials, ...answer })} onBack={back} /> : null}
          {step.name === 'enrol' && credentials ? (
            <StaffEnrolmentStep enrolment={step} pending={signIn.isPending} failure={failure} onConfirm={(totpCode) => attempt({ ...credentials, totpCode })} onBack={back} />
          ) : null}
          {step.name === 'codes' ? <StaffRecoveryCodes codes={step.codes} onContinue={() => void enter()} /> : null}
        </div>
      </main>
    </div>
  );
}
