import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon, ShieldCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { recoveryCodeField, totpCodeField } from '@/shared/auth';

const codeSchema = z.object({ code: z.string() });
type CodeAnswer = { totpCode: string } | { recoveryCode: string };

/**
 * The code step of a staff sign-in: the authenticator's 6-digit code, or one recovery code. A wrong
 * code (IncorrectValue) is said at the field; anything else (the lock, say) above the button.
 */
export function StaffCodeStep({ pending, failure, onAnswer, onBack }: { pending: boolean; failure: unknown; onAnswer: (answer: CodeAnswer) => void; onBack: () => void }) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm<{ code: string }>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const wrongCode = appErrorOf(failure)?.code === 'IncorrectValue';
  const fieldError = form.formState.errors.code ?? (wrongCode ? { message: useRecovery ? 'validation.recoveryCode' : 'validation.totpCode' } : undefined);

  const onValid = ({ code }: { code: string }) => {
    const parsed = (useRecovery ? recoveryCodeField : totpCodeField).safeParse(code);
    if (!parsed.success) {
      form.setError('code', { type: 'validate', message: useRecovery ? 'validation.recoveryCode' : 'validation.totpCode' });
      return;
    }
    onAnswer(useRecovery ? { recoveryCode: parsed.data } : { totpCode: parsed.data });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-6 space-y-5" aria-busy={pending}>
      <div>
        <h2 className="text-lg font-semibold">{t('signIn.codeTitle')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{useRecovery ? t('signIn.recoveryLead') : t('signIn.codeLead')}</p>
      </div>
      <Field id={`${formId}-code`} label={useRecovery ? t('signIn.recoveryCode') : t('signIn.code')} error={fieldError}>
        <Input autoFocus inputMode={useRecovery ? 'text' : 'numeric'} autoComplete="one-time-code" maxLength={useRecovery ? 32 : 6} aria-required="true" {...form.register('code')} />
      </Field>
      {failure && !wrongCode ? <ErrorAlert title={errorText(failure)} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <ShieldCheckIcon aria-hidden="true" />}
        {t('signIn.verify')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            form.reset({ code: '' });
          }}
        >
          {useRecovery ? t('signIn.useApp') : t('signIn.useRecovery')}
        </button>
        <button type="button" className="text-muted-foreground underline-offset-4 hover:underline" onClick={onBack}>
          {t('signIn.back')}
        </button>
      </div>
    </form>
  );
}

/** The first sign-in of a staff member without an authenticator: scan the QR code (or type the key), confirm with a first code. */
export function StaffEnrolmentStep({
  enrolment,
  pending,
  failure,
  onConfirm,
  onBack,
}: {
  enrolment: { secret: string; qrCode: string };
  pending: boolean;
  failure: unknown;
  onConfirm: (totpCode: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const form = useForm<{ code: string }>({ resolver: zodResolver(z.object({ code: totpCodeField })), defaultValues: { code: '' } });
  const wrongCode = appErrorOf(failure)?.code === 'IncorrectValue';
  const fieldError = form.formState.errors.code ?? (wrongCode ? { message: 'validation.totpCode' } : undefined);
  return (
    <div className="mt-6 space-y-5">
      <div>
        <h2 className="text-lg font-semibold">{t('signIn.enrolTitle')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('signIn.enrolLead')}</p>
      </div>
      <img src={enrolment.qrCode} alt={t('signIn.qrAlt')} width={220} height={220} className="mx-auto rounded border border-border bg-white" />
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>{t('signIn.step1')}</li>
        <li>{t('signIn.step2')}</li>
      </ol>
      <p className="text-sm">
        {t('signIn.manual')}{' '}
        <code data-testid="totp-secret" className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
          {enrolment.secret}
        </code>
      </p>
      <form noValidate onSubmit={form.handleSubmit(({ code }) => onConfirm(code))} className="space-y-4" aria-busy={pending}>
        <Field id={`${formId}-code`} label={t('signIn.code')} error={fieldError}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-required="true" {...form.register('code')} />
        </Field>
        {failure && !wrongCode ? <ErrorAlert title={errorText(failure)} /> : null}
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <ShieldCheckIcon aria-hidden="true" />}
          {t('signIn.confirm')}
        </Button>
      </form>
      <button type="button" className="text-sm text-muted-foreground underline-offset-4 hover:underline" onClick={onBack}>
        {t('signIn.back')}
      </button>
    </div>
  );
}

/** The recovery codes of the authenticator just enrolled, shown this once. */
export function StaffRecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mt-6 space-y-4">
      <SuccessAlert title={t('signIn.codesTitle')}>{t('signIn.codesLead')}</SuccessAlert>
      <ul aria-label={t('signIn.codesLabel')} className="grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded border border-border bg-muted px-2 py-1 text-center break-all">
            {code}
          </li>
        ))}
      </ul>
      <Button size="lg" className="w-full" onClick={onContinue}>
        {t('signIn.continue')}
      </Button>
    </div>
  );
}
