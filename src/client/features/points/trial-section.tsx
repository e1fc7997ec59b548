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
import { applyServerErrors, errorText } from '@/client/lib/errors';
import { localDateTime } from '@/client/lib/time-zone';
import { trpc } from '@/client/trpc';
import { trialApplyInput, type TrialApplyForm } from '@/shared/points';

const statusKeys = { 0: 'open', 1: 'approved', 9: 'refused' } as const;

/** The management centre's trial points block (spec section 4 'Trial platform'): the latest application's status and the apply form. */
export function TrialSection() {
  const { t } = useTranslation('points');
  const titleId = useId();
  const trial = useQuery(trpc.points.trial.queryOptions());
  const data = trial.data;
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border border-border bg-card p-5 sm:p-6" data-testid="trial-section">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <FlaskConicalIcon className="size-5" aria-hidden="true" />
        {t('trial.title')}
      </h2>
      {trial.isError ? <ErrorAlert title={errorText(trial.error)} /> : null}
      {data?.latest ? (
        <p className="text-sm" aria-live="polite">
          {t(`trial.status.${statusKeys[data.latest.status as keyof typeof statusKeys] ?? 'open'}`, {
            date: localDateTime(data.latest.decidedAt ?? data.latest.createdAt),
          })}
        </p>
      ) : null}
      {data && !data.latest ? <p className="text-sm text-muted-foreground">{t('trial.lead')}</p> : null}
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
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['reason'])) setFailure(error);
      },
    }),
  );
  return (
    <form onSubmit={form.handleSubmit((values) => apply.mutate(values))} className="space-y-3" noValidate>
      {failure ? <ErrorAlert title={errorText(failure)} /> : null}
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
