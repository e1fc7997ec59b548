import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/client/trpc';
import { activeTeamAuths, type TeamMembers } from '@/shared/teams';
import { localDateTime } from '@/client/lib/time-zone';
import { Section } from './team-common';

/** How many members hold each role: bars beside the numbers (data people compare gets a chart and a table). */
export function RoleChart({ members }: { members: TeamMembers['members'] }) {
  const { t } = useTranslation('teams');
  const counts = activeTeamAuths.map((auth) => ({ auth, count: members.filter((member) => member.auth === auth).length }));
  const max = Math.max(1, ...counts.map((row) => row.count));
  return (
    <Section id="team-roles" title={t('members.chart')}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('members.chart')}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('members.role')}</th>
            <th scope="col">#</th>
          </tr>
        </thead>
        <tbody>
          {counts.map(({ auth, count }) => (
            <tr key={auth}>
              <th scope="row" className="w-40 py-1 pr-3 text-left font-normal whitespace-nowrap">
                {t(`roles.${auth}`)}
              </th>
              <td className="py-1">
                <div className="flex items-center gap-2">
                  <div className="h-3 rounded-sm bg-primary" style={{ width: `${(count / max) * 100}%`, minWidth: count ? '0.5rem' : 0 }} aria-hidden="true" />
                  <span className="tabular-nums">{count}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** The team's log: who changed what, when. */
export function TeamLog({ teamId }: { teamId: string }) {
  const { t } = useTranslation('teams');
  const events = useQuery(trpc.teams.events.queryOptions({ teamId }));
  return (
    <Section id="team-log" title={t('members.log')}>
      {events.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t('members.logEmpty')}</p> : null}
      <ol className="space-y-2 text-sm">
        {events.data?.map((event, index) => (
          <li key={`${event.at.toISOString()}-${index}`} className="flex flex-col gap-x-3 sm:flex-row">
            <time dateTime={event.at.toISOString()} className="shrink-0 text-muted-foreground tabular-nums">
              {localDateTime(event.at)}
            </time>
            <span className="break-words">{t(`events.${event.kind}`, { actor: event.actor, subject: event.subject ?? '' })}</span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
