import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageTitle, useChosenTeamId } from '@/client/features/teams/team-common';
import { paths } from '@/client/paths';
import { RecordsSection } from './records-section';

/** /management-center/team-points-record?team=<id>: the team's transfers in and out; without a chosen team, back to /member. */
export function TeamPointsRecordPage() {
  const { t } = useTranslation('points');
  const teamId = useChosenTeamId();
  if (!teamId) return <Navigate to={paths.memberProfile} replace />;
  return (
    <div className="space-y-8">
      <PageTitle title={t('records.teamTitle')} lead={t('records.teamLead')} />
      <RecordsSection key={teamId} kind="team" teamId={teamId} />
    </div>
  );
}
