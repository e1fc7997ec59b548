import { PlusIcon, UsersRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { paths, teamPath } from '@/client/paths';
import { PageTitle, TeamError, useMyTeams } from './team-common';

/** /management-center/team-list (not in the menu): every team of the member, with the role held in each. */
export function TeamListPage() {
  const { t } = useTranslation('teams');
  const mine = useMyTeams();
  return (
    <div className="space-y-6">
      <PageTitle title={t('list.title')} lead={t('list.lead')} />
      {mine.isError ? <TeamError error={mine.error} /> : null}
      {mine.data ? (
        <>
          {mine.data.teams.length === 0 ? <p className="text-muted-foreground">{t('list.empty')}</p> : null}
          <ul className="grid gap-3 sm:grid-cols-2">
            {mine.data.teams.map((team) => (
              <li key={team.id} className="rounded-lg border border-border bg-card p-4">
                <p className="font-semibold break-words">{team.name}</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t(`roles.${team.auth}`)} · {t('list.members', { count: team.memberCount })}
                </p>
                {team.description ? <p className="mt-2 text-sm break-words">{team.description}</p> : null}
                <Button asChild variant="outline" size="sm" className="mt-3">
                  <Link to={teamPath('groupInfo', team.id)}>
                    <UsersRoundIcon aria-hidden="true" />
                    {t('list.open')}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">{t('list.limit', { owned: mine.data.owned, limit: mine.data.limit })}</p>
          {mine.data.mayCreate ? (
            <Button asChild>
              <Link to={paths.createGroup}>
                <PlusIcon aria-hidden="true" />
                {t('list.create')}
              </Link>
            </Button>
          ) : !mine.data.groupPaid ? (
            <Alert role="status">
              <AlertDescription>{t('list.notPaid')}</AlertDescription>
            </Alert>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
