import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon, UserPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { useToast } from '@/client/components/ui/toast';
import { useSession } from '@/client/features/auth/session';
import { applyServerErrors } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { teamAuth, teamMemberInput, teamRoleMay, type TeamMemberForm, type TeamMembers } from '@/shared/teams';
import { localDateTime } from '@/client/lib/time-zone';
import { ConfirmButton, PageTitle, Section, TeamError, useChosenTeamId } from './team-common';
import { RoleChart, TeamLog } from './team-overview';

/** /management-center/team-members?team=<id>; without a chosen team, back to /member (spec section 2). */
export function TeamMembersPage() {
  const teamId = useChosenTeamId();
  if (!teamId) return <Navigate to={paths.memberProfile} replace />;
  return <Members key={teamId} teamId={teamId} />;
}

function Members({ teamId }: { teamId: string }) {
  const { t } = useTranslation('teams');
  const members = useQuery(trpc.teams.members.queryOptions({ teamId }));
  const data = members.data;
  return (
    <div className="space-y-6">
      <PageTitle title={t('members.title')} lead={data ? t('members.lead', { count: data.members.length, max: data.limits.members, deputies: data.limits.deputies }) : undefined} />
      {members.isError ? <TeamError error={members.error} /> : null}
      {data ? (
        <>
          {teamRoleMay(data.auth, 'invite') ? <InviteForm teamId={teamId} /> : null}
          <MemberTable teamId={teamId} data={data} />
          <RoleChart members={data.members} />
          <TeamLog teamId={teamId} />
        </>
      ) : null}
    </div>
  );
}

function useRefreshTeam(teamId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.teams.members.queryKey({ teamId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.teams.events.queryKey({ teamId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.teams.mine.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.teams.detail.queryKey({ teamId }) }),
    ]);
  };
}

function InviteForm({ teamId }: { teamId: string }) {
  const { t } = useTranslation('teams');
  const formId = useId();
  const showToast = useToast();
  const refresh = useRefreshTeam(teamId);
  const invite = useMutation(trpc.teams.invite.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TeamMemberForm>({ resolver: zodResolver(teamMemberInput), defaultValues: { teamId, email: '' } });
  const onValid = (values: TeamMemberForm) => {
    setFailure(null);
    invite.mutate(values, {
      onSuccess: async (change) => {
        form.reset({ teamId, email: '' });
        showToast({ variant: 'success', title: t('members.invited', { email: change.email }), duration: 2200 });
        await refresh();
      },
      onError: (error) => (applyServerErrors(error, form.setError, ['email']) ? undefined : setFailure(error)),
    });
  };
  return (
    <Section id="team-invite" title={t('members.invite')} lead={t('members.inviteLead')}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-busy={invite.isPending}>
        <Field id={`${formId}-email`} label={t('members.inviteEmail')} error={form.formState.errors.email} className="min-w-0 flex-1">
          <Input type="email" autoComplete="off" aria-required="true" {...form.register('email')} />
        </Field>
        <Button type="submit" disabled={invite.isPending} className="sm:mt-7">
          {invite.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <UserPlusIcon aria-hidden="true" />}
          {t('members.inviteSubmit')}
        </Button>
      </form>
      {failure ? (
        <div className="mt-3">
          <TeamError error={failure} />
        </div>
      ) : null}
    </Section>
  );
}

function MemberTable({ teamId, data }: { teamId: string; data: TeamMembers }) {
  const { t } = useTranslation('teams');
  const session = useSession();
  const myEmail = session.data?.member?.email;
  const showToast = useToast();
  const refresh = useRefreshTeam(teamId);
  const [failure, setFailure] = useState<unknown>(null);
  const options = {
    onSuccess: async () => {
      setFailure(null);
      showToast({ variant: 'success', title: t('members.done'), duration: 2200 });
      await refresh();
    },
    onError: (error: unknown) => setFailure(error),
  };
  const kick = useMutation(trpc.teams.kick.mutationOptions(options));
  const deputy = useMutation(trpc.teams.setDeputy.mutationOptions(options));
  const handOver = useMutation(trpc.teams.handOver.mutationOptions(options));
  const busy = kick.isPending || deputy.isPending || handOver.isPending;
  const isAdmin = data.auth === teamAuth.admin;

  return (
    <Section id="team-member-list" title={t('members.title')}>
      {failure ? (
        <div className="mb-3">
          <TeamError error={failure} />
        </div>
      ) : null}
      <ul className="divide-y divide-border">
        {data.members.map((member) => {
          const self = member.email === myEmail;
          return (
            <li key={member.email} className="flex flex-col gap-2 py-3 lg:flex-row lg:items-center lg:justify-between" data-testid="team-member">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {member.name}
                  {self ? <span className="text-muted-foreground"> ({t('members.you')})</span> : null}
                </p>
                <p className="text-sm break-all text-muted-foreground">{member.email}</p>
                <p className="text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{t(`roles.${member.auth}`)}</span> · {t('members.since')} {localDateTime(member.joinedAt)}
                </p>
              </div>
              {isAdmin && !self ? (
                <div className="flex flex-wrap gap-2" role="group" aria-label={`${t('members.actions')}: ${member.email}`}>
                  <Button variant="outline" size="sm" disabled={busy} onClick={() => deputy.mutate({ teamId, email: member.email, deputy: member.auth !== teamAuth.deputy })}>
                    {member.auth === teamAuth.deputy ? t('members.removeDeputy') : t('members.makeDeputy')}
                  </Button>
                  <ConfirmButton label={t('members.handOver')} question={t('members.handOverConfirm', { email: member.email })} disabled={busy} onConfirm={() => handOver.mutate({ teamId, email: member.email })} />
                  <ConfirmButton label={t('members.kick')} question={t('members.kickConfirm', { email: member.email })} disabled={busy} onConfirm={() => kick.mutate({ teamId, email: member.email })} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
