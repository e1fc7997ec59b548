import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FlaskConicalIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Textarea } from '@/client/components/ui/textarea';
import { appErrorOf, applyServerErrors, errorText } from '@/client/lib/errors';
import { localDateTime } from '@/client/lib/time-zone';
import { trpc } from '@/client/trpc';
import { trialPlatformStatus } from '@/shared/accounts';
import { trialApplicationStatus, trialApplyInput, type TrialApplyForm } from '@/shared/points';

const statusKeys = { 0: 'open', 1: 'approved', 9: 'refused' } as const;

/** Applying was refused because the member's trial platform is active already. */
function isAlreadyActive(error: unknown): boolean {
  const app = appErrorOf(error);
  return app?.code === 'OperationError' && (app.params as { reason?: string }).reason === 'trialAlreadyActive';
}

/** The management centre's trial points block (spec section 4 'Trial platform'): the latest application's status and the apply form. */
export function TrialSection() {
  const { t } = useTranslation('points');
  const titleId = useId();
  const trial = useQuery(trpc.points.trial.queryOptions());
  const data = trial.data;
  // Active already (approved, or opened by staff): the platform is there to use, no form to fill.
  const active = data?.trialPlatformStatus === trialPlatformStatus.activated;
  const activeWithoutApproval = active && data?.latest?.status !== trialApplicationStatus.approved;
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border border-border bg-card p-5 sm:p-6" data-testid="trial-section">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <FlaskConicalIcon className="size-5" aria-hidden="true" />
        {t('trial.title')}
      </h2>
      {trial.isError ? <ErrorAlert title={errorText(trial.error)} /> : null}
      {data?.latest && !activeWithoutApproval ? (
        <p className="text-sm" aria-live="polite">
          {t(`trial.status.${statusKeys[data.latest.status as keyof typeof statusKeys] ?? 'open'}`, {
            date: localDateTime(data.latest.decidedAt ?? data.latest.createdAt),
          })}
        </p>
      ) : null}
      {activeWithoutApproval ? <p className="text-sm">{t('trial.alreadyActive')}</p> : null}
      {data && !data.latest && !active ? <p className="text-sm text-muted-foreground">{t('trial.lead')}</p> : null}
      {data?.mayApply ? <ApplyForm /> : null}
    </section>
  );
}

function ApplyForm() {
  const { t } = useTranslation('points');
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TrialApplyForm>({ resolver: zodResolver(trialApplyInput), defaultValues: { reason: '' } });
  const apply = useMutation(
    trpc.points.applyForTrial.mutationOptions({
      onSuccess: async () => {
        setFailure(null);
        form.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.points.trial.queryKey() });
      },
      onError: async (error) => {
        if (applyServerErrors(error, form.setError, ['reason'])) return;
        setFailure(error);
        // The trial became active meanwhile: the section then says so in place of the form.
        if (isAlreadyActive(error)) await queryClient.invalidateQueries({ queryKey: trpc.points.trial.queryKey() });
      },
    }),
  );
  return (
    <form onSubmit={form.handleSubmit((values) => apply.mutate(values))} className="space-y-3" noValidate>
      {failure ? <ErrorAlert title={isAlreadyActive(failure) ? t('trial.alreadyActive') : errorText(failure)} /> : null}
      <Field id={reasonId} label={t('trial.reason')} description={t('trial.reasonHint')} error={form.formState.errors.reason}>
        <Textarea rows={3} maxLength={500} {...form.register('reason')} />
      </Field>
      <Button type="submit" disabled={apply.isPending}>
        {apply.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        {t('trial.apply')}
      </Button>
    </form>
  );
}
