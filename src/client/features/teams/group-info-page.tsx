import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useToast } from '@/client/components/ui/toast';
import { applyServerErrors } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { teamAuth, updateTeamInput, type TeamDetail, type UpdateTeamForm } from '@/shared/teams';
import { localDateTime } from '@/client/lib/time-zone';
import { ConfirmButton, PageTitle, Section, TeamError, useChosenTeamId } from './team-common';

/** /management-center/group-info?team=<id>: the chosen team; the administrator edits it, others may leave it. */
export function GroupInfoPage() {
  const teamId = useChosenTeamId();
  if (!teamId) return <Navigate to={paths.memberProfile} replace />;
  return <GroupInfo key={teamId} teamId={teamId} />;
}

function GroupInfo({ teamId }: { teamId: string }) {
  const { t } = useTranslation('teams');
  const detail = useQuery(trpc.teams.detail.queryOptions({ teamId }));
  return (
    <div className="space-y-6">
      <PageTitle title={t('info.title')} lead={t('info.lead')} />
      {detail.isError ? <TeamError error={detail.error} /> : null}
      {detail.data ? (
        <>
          <Facts team={detail.data} />
          {detail.data.auth === teamAuth.admin ? <EditTeam team={detail.data} /> : <LeaveTeam team={detail.data} />}
        </>
      ) : null}
    </div>
  );
}

function Facts({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const facts: Array<[string, string]> = [
    [t('info.id'), team.id],
    [t('info.yourRole'), t(`roles.${team.auth}`)],
    [t('info.admin'), team.admin ? `${team.admin.name} (${team.admin.email})` : '–'],
    [t('info.members'), String(team.memberCount)],
    [t('info.created'), localDateTime(team.createdAt)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-5 sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditTeam({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const formId = useId();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const edit = useMutation(trpc.teams.edit.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<UpdateTeamForm>({ resolver: zodResolver(updateTeamInput), defaultValues: { teamId: team.id, name: team.name, description: team.description } });
  const { errors } = form.formState;
  const onValid = (values: UpdateTeamForm) => {
    setFailure(null);
    edit.mutate(values, {
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.teams.detail.queryKey({ teamId: team.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.teams.mine.queryKey() });
        showToast({ variant: 'success', title: t('info.saved'), duration: 2200 });
      },
      onError: (error) => (applyServerErrors(error, form.setError, ['name', 'description']) ? undefined : setFailure(error)),
    });
  };
  return (
    <Section id="team-edit" title={t('info.title')}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-5" aria-busy={edit.isPending}>
        <Field id={`${formId}-name`} label={t('create.name')} description={t('create.nameHint')} error={errors.name}>
          <Input autoComplete="off" aria-required="true" {...form.register('name')} />
        </Field>
        <Field id={`${formId}-description`} label={t('create.description')} error={errors.description}>
          <Textarea rows={3} {...form.register('description')} />
        </Field>
        {failure ? <TeamError error={failure} /> : null}
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
          {t('info.save')}
        </Button>
      </form>
    </Section>
  );
}

function LeaveTeam({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const leave = useMutation(trpc.teams.leave.mutationOptions());
  return (
    <div className="space-y-3">
      {leave.isError ? <TeamError error={leave.error} /> : null}
      <ConfirmButton
        label={t('info.leave')}
        question={t('info.leaveConfirm', { team: team.name })}
        disabled={leave.isPending}
        onConfirm={() =>
          leave.mutate(
            { teamId: team.id },
            {
              onSuccess: async () => {
                showToast({ variant: 'success', title: t('info.left'), duration: 2200 });
                await queryClient.invalidateQueries({ queryKey: trpc.teams.mine.queryKey() });
                void navigate(paths.teamList);
              },
            },
          )
        }
      />
    </div>
  );
}
