import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, LoaderCircleIcon, MailIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SuccessAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Input } from '@/client/components/ui/input';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { emailOnlyInput, resetPasswordFormSchema, type ResetPasswordForm } from '@/shared/auth';
import { AuthFrame } from './auth-frame';
import { Field } from '@/client/components/ui/field';
import { applyServerErrors } from '@/client/lib/errors';
import { RefusalAlert } from './refusal-alert';
import { tokenFromHash } from './session';

/** /forgot-password: mails a reset link (1 hour, once) to a known, activated member. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const formId = useId();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const form = useForm<{ email: string }>({ resolver: zodResolver(emailOnlyInput), defaultValues: { email: '' } });
  return (
    <AuthFrame title={t('forgot.title')} lead={t('forgot.lead')}>
      {request.isSuccess ? (
        <SuccessAlert title={t('forgot.sent')} />
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="space-y-5" aria-busy={request.isPending}>
          <Field id={`${formId}-email`} label={t('fields.email')} error={form.formState.errors.email}>
            <Input type="email" inputMode="email" autoComplete="email" aria-required="true" {...form.register('email')} />
          </Field>
          {request.isError ? <RefusalAlert error={request.error} /> : null}
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <MailIcon aria-hidden="true" />}
            {t('forgot.submit')}
          </Button>
          <p className="text-center text-sm">
            <Link to={paths.login} className="text-primary underline-offset-4 hover:underline">
              {t('forgot.back')}
            </Link>
          </p>
        </form>
      )}
    </AuthFrame>
  );
}

/** /reset-password#token=...: sets the new password from the mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const formId = useId();
  const location = useLocation();
  const token = tokenFromHash(location.hash);
  const policy = useQuery(trpc.auth.passwordPolicy.queryOptions());
  const strength = policy.data?.passwordStrength ?? 'basic';
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema(strength)), defaultValues: { token, password: '', confirmPassword: '' } });

  if (reset.isSuccess) {
    return (
      <AuthFrame title={t('reset.title')}>
        <div className="space-y-4">
          <SuccessAlert title={t('reset.done')} />
          <Link to={paths.login} className={buttonVariants()}>
            {t('menu.login')}
          </Link>
        </div>
      </AuthFrame>
    );
  }

  const onValid = (values: ResetPasswordForm) => {
    setFailure(null);
    reset.mutate(
      { ...values, token },
      { onError: (error) => (applyServerErrors(error, form.setError, ['password', 'confirmPassword'], 'password') ? undefined : setFailure(error)) },
    );
  };

  return (
    <AuthFrame title={t('reset.title')} lead={t('reset.lead')}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-5" aria-busy={reset.isPending}>
        <Field id={`${formId}-password`} label={t('fields.newPassword')} error={form.formState.errors.password} description={t(`hints.password.${strength}`)}>
          <Input type="password" autoComplete="new-password" aria-required="true" {...form.register('password')} />
        </Field>
        <Field id={`${formId}-confirm`} label={t('fields.confirmPassword')} error={form.formState.errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" aria-required="true" {...form.register('confirmPassword')} />
        </Field>
        {failure || form.formState.errors.token ? <RefusalAlert error={failure ?? { data: { app: { code: 'ExpiredActionCode', params: {} } } }} /> : null}
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <KeyRoundIcon aria-hidden="true" />}
          {t('reset.submit')}
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.forgotPassword} className="text-primary underline-offset-4 hover:underline">
            {t('reset.again')}
          </Link>
        </p>
      </form>
    </AuthFrame>
  );
}
