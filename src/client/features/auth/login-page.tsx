import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { InfoIcon, LoaderCircleIcon, LogInIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { changeLanguage } from '@/client/i18n';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { emailField } from '@/shared/accounts';
import { recoveryCodeField, totpCodeField } from '@/shared/auth';
import type { AccountActivationStep } from '@/shared/errors';
import { AuthFrame } from './auth-frame';
import { Field } from '@/client/components/ui/field';
import { RefusalAlert } from './refusal-alert';
import { safeNextPath } from '@/client/lib/next-path';
import { refreshSession, setLoginExpired, useSession } from './session';
import { TermsDialog } from './terms-dialog';

const credentialsSchema = z.object({ email: emailField, password: z.string().min(1, { error: 'validation.required' }) });
type Credentials = z.input<typeof credentialsSchema>;
const codeSchema = z.object({ code: z.string().trim().min(1, { error: 'validation.required' }) });

/** /login (spec sections 2 and 5): keeps the query string; continues to ?next= or the management centre. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const formId = useId();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [step, setStep] = useState<'credentials' | 'totp'>('credentials');
  const [useRecovery, setUseRecovery] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  // Once accepted, the acceptance goes with every later step of this sign-in (the authenticator code).
  const termsAccepted = useRef(false);
  const [failure, setFailure] = useState<unknown>(null);
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());

  const form = useForm<Credentials>({ resolver: zodResolver(credentialsSchema), defaultValues: { email: '', password: '' } });
  const codeForm = useForm<{ code: string }>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  if (session.data?.member && !signIn.isPending && !signIn.isSuccess) return <Navigate to={safeNextPath(location.search) ?? paths.memberProfile} replace />;

  const attempt = (values: Credentials, extra: { totpCode?: string; recoveryCode?: string } = {}) => {
    setFailure(null);
    signIn.mutate(
      { ...values, ...extra, acceptTerms: termsAccepted.current || undefined },
      {
        onSuccess: async (result) => {
          if (result.status === 'totpRequired') {
            setStep('totp');
            return;
          }
          setLoginExpired(false);
          await changeLanguage(result.language);
          await refreshSession();
          void navigate(safeNextPath(location.search) ?? paths.memberProfile, { replace: true });
        },
        onError: (error) => {
          const code = appErrorOf(error)?.code;
          if (code === 'shouldReadTerms') setTermsOpen(true);
          else if (code === 'IncorrectValue') codeForm.setError('code', { type: 'server', message: useRecovery ? 'validation.recoveryCode' : 'validation.totpCode' });
          else setFailure(error);
        },
      },
    );
  };

  const onCredentials = (values: Credentials) => {
    termsAccepted.current = false;
    setCredentials(values);
    attempt(values);
  };

  const onCode = ({ code }: { code: string }) => {
    if (!credentials) return;
    const parsed = (useRecovery ? recoveryCodeField : totpCodeField).safeParse(code);
    if (!parsed.success) {
      codeForm.setError('code', { type: 'validate', message: useRecovery ? 'validation.recoveryCode' : 'validation.totpCode' });
      return;
    }
    attempt(credentials, useRecovery ? { recoveryCode: code } : { totpCode: code.trim() });
  };

  const missing = ((appErrorOf(failure)?.code === 'AccountNotActivated' ? (appErrorOf(failure)?.params as { missing?: AccountActivationStep[] }).missing : undefined) ?? []) as AccountActivationStep[];

  return (
    <AuthFrame title={t('login.title')} lead={t('login.lead')} aside={<p className="text-sm text-muted-foreground">{t('login.aside')}</p>}>
      {step === 'credentials' ? (
        <form noValidate onSubmit={form.handleSubmit(onCredentials)} className="space-y-5" aria-busy={signIn.isPending}>
          <Field id={`${formId}-email`} label={t('fields.email')} error={form.formState.errors.email}>
            <Input type="email" inputMode="email" autoComplete="username" aria-required="true" {...form.register('email')} />
          </Field>
          <Field id={`${formId}-password`} label={t('fields.password')} error={form.formState.errors.password}>
            <Input type="password" autoComplete="current-password" aria-required="true" {...form.register('password')} />
          </Field>
          <div className="flex justify-end text-sm">
            <Link to={paths.forgotPassword} className="text-primary underline-offset-4 hover:underline">
              {t('login.forgot')}
            </Link>
          </div>
          {failure && missing.length === 0 ? <RefusalAlert error={failure} /> : null}
          {missing.length > 0 ? (
            <Alert role="alert">
              <InfoIcon aria-hidden="true" />
              <AlertTitle>{t('login.notActivated')}</AlertTitle>
              <AlertDescription>
                <ul className="mt-1 list-disc pl-4">
                  {missing.map((item) => (
                    <li key={item}>{t(`login.missing.${item}`)}</li>
                  ))}
                </ul>
                {missing.includes('emailVerification') && credentials ? (
                  <div className="mt-3 space-y-2">
                    <Button type="button" variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate({ email: credentials.email })}>
                      {t('login.resend')}
                    </Button>
                    {resend.isSuccess ? <p role="status">{t('login.resent')}</p> : null}
                    {resend.isError ? <p role="alert" className="text-destructive">{errorText(resend.error)}</p> : null}
                  </div>
                ) : null}
              </AlertDescription>
            </Alert>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LogInIcon aria-hidden="true" />}
            {t('login.submit')}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            {t('login.noAccount')}{' '}
            <Link to={{ pathname: paths.signup, search: location.search }} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('login.toSignup')}
            </Link>
          </p>
        </form>
      ) : (
        <form noValidate onSubmit={codeForm.handleSubmit(onCode)} className="space-y-5" aria-busy={signIn.isPending}>
          <div>
            <h2 className="text-lg font-semibold">{t('totp.title')}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{useRecovery ? t('totp.recoveryLead') : t('totp.lead')}</p>
          </div>
          <Field id={`${formId}-code`} label={useRecovery ? t('fields.recoveryCode') : t('fields.totpCode')} error={codeForm.formState.errors.code}>
            <Input
              autoFocus
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              maxLength={useRecovery ? 32 : 6}
              aria-required="true"
              {...codeForm.register('code')}
            />
          </Field>
          {failure ? <RefusalAlert error={failure} /> : null}
          <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LogInIcon aria-hidden="true" />}
            {t('totp.submit')}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={() => { setUseRecovery(!useRecovery); codeForm.reset({ code: '' }); }}>
              {useRecovery ? t('totp.useApp') : t('totp.useRecovery')}
            </button>
            <button type="button" className="text-muted-foreground underline-offset-4 hover:underline" onClick={() => { setStep('credentials'); setFailure(null); }}>
              {t('totp.back')}
            </button>
          </div>
        </form>
      )}
      <TermsDialog
        open={termsOpen}
        pending={signIn.isPending}
        onCancel={() => setTermsOpen(false)}
        onAccept={() => {
          setTermsOpen(false);
          termsAccepted.current = true;
          if (credentials) attempt(credentials);
        }}
      />
    </AuthFrame>
  );
}
