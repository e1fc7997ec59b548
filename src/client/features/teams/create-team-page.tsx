import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useToast } from '@/client/components/ui/toast';
import { applyServerErrors } from '@/client/lib/errors';
import { paths, teamPath } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { createTeamInput, type CreateTeamForm } from '@/shared/teams';
import { PageTitle, Section, TeamError, useMyTeams } from './team-common';

/**
 * /management-center/create-group: only while the member administers fewer teams than their limit
 * and the account is paid (spec section 2); otherwise back to /member. The server checks both again.
 */
export function CreateTeamPage() {
  const mine = useMyTeams();
  // Once a team is made, its page wins over the limit check: the refreshed list may already say the limit is reached.
  const [created, setCreated] = useState<string | undefined>();
  if (created) return <Navigate to={teamPath('teamMembers', created)} replace />;
  if (mine.isPending) return <PageLoading />;
  if (!mine.data?.mayCreate) return <Navigate to={paths.memberProfile} replace />;
  return <CreateTeamForm onCreated={setCreated} />;
}

function CreateTeamForm({ onCreated }: { onCreated: (teamId: string) => void }) {
  const { t } = useTranslation('teams');
  const formId = useId();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.teams.create.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<CreateTeamForm>({ resolver: zodResolver(createTeamInput), defaultValues: { name: '', description: '' } });
  const { errors } = form.formState;

  const onValid = (values: CreateTeamForm) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: (team) => {
        showToast({ variant: 'success', title: t('create.created'), duration: 2200 });
        onCreated(team.id);
        void queryClient.invalidateQueries({ queryKey: trpc.teams.mine.queryKey() });
      },
      onError: (error) => (applyServerErrors(error, form.setError, ['name', 'description']) ? undefined : setFailure(error)),
    });
  };

  return (
    <div className="space-y-6">
      <PageTitle title={t('create.title')} lead={t('create.lead')} />
      <Section id="create-team" title={t('create.title')}>
        <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-5" aria-busy={create.isPending}>
          <Field id={`${formId}-name`} label={t('create.name')} description={t('create.nameHint')} error={errors.name}>
            <Input autoComplete="off" aria-required="true" {...form.register('name')} />
          </Field>
          <Field id={`${formId}-description`} label={t('create.description')} error={errors.description}>
            <Textarea rows={3} {...form.register('description')} />
          </Field>
          {failure ? <TeamError error={failure} /> : null}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
            {t('create.submit')}
          </Button>
        </form>
      </Section>
    </div>
  );
}
