import { useMutation } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { appErrorOf } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { AuthFrame } from './auth-frame';
import { RefusalAlert } from './refusal-alert';
import { tokenFromHash } from './session';

/** Opens the mailed verification link (/verify-email#token=...): once, within 24 hours. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions());
  const started = useRef(false);
  const token = tokenFromHash(location.hash);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const expired = verify.isError && ['ExpiredActionCode', 'InvalidInput'].includes(appErrorOf(verify.error)?.code ?? '');
  return (
    <AuthFrame title={t('verify.title')} lead={t('verify.lead')}>
      <div className="space-y-4 text-sm" aria-live="polite">
        {verify.isPending || verify.isIdle ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('verify.checking')}
          </p>
        ) : null}
        {verify.isSuccess ? (
          <>
            <SuccessAlert title={t('verify.done', { email: verify.data.email })} />
            <p>{verify.data.activated ? t('verify.canLogin') : t('verify.awaitActivation')}</p>
            <Link to={paths.login} className={buttonVariants()}>
              {t('menu.login')}
            </Link>
          </>
        ) : null}
        {verify.isError ? (
          <>
            {expired ? (
              <ErrorAlert title={t('verify.expired')} />
            ) : (
              <RefusalAlert error={verify.error} />
            )}
            <p>{t('verify.expiredHelp')}</p>
            <Link to={paths.login} className={buttonVariants({ variant: 'outline' })}>
              {t('menu.login')}
            </Link>
          </>
        ) : null}
      </div>
    </AuthFrame>
  );
}
