import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon, MailCheckIcon, UserPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { SuccessAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { applyServerErrors, errorText } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { signupFormDefaults, signupFormSchema, type SignupForm, type SignupInput } from '@/shared/auth';
import { AuthFrame } from './auth-frame';
import { RefusalAlert } from './refusal-alert';
import { Field } from '@/client/components/ui/field';
import { useSession } from './session';

const fields = ['companyName', 'taxId', 'name', 'phone', 'email', 'password', 'confirmPassword', 'acceptTerms'] as const;

/** /signup (spec sections 2 and 5): registers the enterprise and its administrator; keeps the query string. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const session = useSession();
  const formId = useId();
  const policy = useQuery(trpc.auth.passwordPolicy.queryOptions());
  const strength = policy.data?.passwordStrength ?? 'basic';
  const [failure, setFailure] = useState<unknown>(null);
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const form = useForm<SignupForm, unknown, SignupInput>({ resolver: zodResolver(signupFormSchema(strength)), defaultValues: signupFormDefaults });
  const { register, handleSubmit, setError, formState } = form;

  if (session.data?.member) return <Navigate to={paths.memberProfile} replace />;
  if (signUp.isSuccess) return <SignupDone email={signUp.data.email} />;

  const onValid = (values: SignupInput) => {
    setFailure(null);
    signUp.mutate(values, {
      onError: (error) => {
        if (!applyServerErrors(error, setError, fields, 'password')) setFailure(error);
      },
    });
  };

  const field = (name: (typeof fields)[number]) => ({ id: `${formId}-${name}`, label: t(`fields.${name}`), error: formState.errors[name] });

  return (
    <AuthFrame
      title={t('signup.title')}
      lead={t('signup.lead')}
      aside={
        <ol className="space-y-3 text-sm text-muted-foreground">
          {(['1', '2', '3'] as const).map((step) => (
            <li key={step} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">{step}</span>
              <span>{t(`signup.steps.${step}`)}</span>
            </li>
          ))}
        </ol>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-5" aria-busy={signUp.isPending}>
        <p className="text-sm text-muted-foreground">{t('signup.allRequired')}</p>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold">{t('signup.company')}</legend>
          <Field {...field('companyName')}>
            <Input autoComplete="organization" aria-required="true" {...register('companyName')} />
          </Field>
          <Field {...field('taxId')} description={t('hints.taxId')}>
            <Input autoComplete="off" spellCheck={false} aria-required="true" {...register('taxId')} />
          </Field>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold">{t('signup.administrator')}</legend>
          <Field {...field('name')}>
            <Input autoComplete="name" aria-required="true" {...register('name')} />
          </Field>
          <Field {...field('phone')}>
            <Input type="tel" inputMode="tel" autoComplete="tel" aria-required="true" {...register('phone')} />
          </Field>
          <Field {...field('email')} description={t('hints.companyEmail')}>
            <Input type="email" inputMode="email" autoComplete="email" aria-required="true" {...register('email')} />
          </Field>
          <Field {...field('password')} description={t(`hints.password.${strength}`)}>
            <Input type="password" autoComplete="new-password" aria-required="true" {...register('password')} />
          </Field>
          <Field {...field('confirmPassword')}>
            <Input type="password" autoComplete="new-password" aria-required="true" {...register('confirmPassword')} />
          </Field>
        </fieldset>
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              aria-invalid={formState.errors.acceptTerms ? true : undefined}
              aria-describedby={formState.errors.acceptTerms ? `${formId}-terms-error` : undefined}
              {...register('acceptTerms')}
            />
            <span>
              <Trans t={t} i18nKey="signup.acceptTerms" components={{ terms: <Link to={paths.term} target="_blank" className="text-primary underline underline-offset-4" /> }} />
            </span>
          </label>
          {formState.errors.acceptTerms ? (
            <p id={`${formId}-terms-error`} className="text-sm text-destructive">
              {t('signup.acceptTermsError')}
            </p>
          ) : null}
        </div>
        {failure ? <RefusalAlert error={failure} /> : null}
        <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
          {signUp.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <UserPlusIcon aria-hidden="true" />}
          {t('signup.submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('signup.haveAccount')}{' '}
          <Link to={{ pathname: paths.login, search: location.search }} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('signup.toLogin')}
          </Link>
        </p>
      </form>
    </AuthFrame>
  );
}

function SignupDone({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  return (
    <AuthFrame title={t('signup.doneTitle')} lead={t('signup.doneLead', { email })}>
      <div className="space-y-4 text-sm">
        <div className="flex gap-3">
          <MailCheckIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>{t('signup.doneNext')}</p>
        </div>
        <Button type="button" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ email })}>
          {t('login.resend')}
        </Button>
        {resend.isSuccess ? (
          <SuccessAlert title={t('login.resent')} />
        ) : null}
        {resend.isError ? <p role="alert" className="text-destructive">{errorText(resend.error)}</p> : null}
      </div>
    </AuthFrame>
  );
}
