import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/client/components/page-loading';
import { trpc } from '@/client/trpc';
import { teamFileAddress } from '@/shared/teams';
import { formatBytes } from '@/shared/text';
import { localDateTime } from '@/client/lib/time-zone';
import { OrderDownloads } from '@/client/features/orders/order-downloads';
import { PageTitle, Section, TeamError, useChosenTeamId } from './team-common';

const purchaseDocuments = [
  { key: 'quotation', href: '/downloads/inspectra-quotation.md' },
  { key: 'terms', href: '/downloads/inspectra-point-terms.md' },
] as const;

/**
 * /management-center/download (spec section 2): in the personal space the forms for buying points
 * and the documents of the account's latest orders; in a team space (`?team=`) the team's files, which only its active members may list and
 * download (the server checks at each request).
 */
export function DownloadPage() {
  const teamId = useChosenTeamId();
  return teamId ? <TeamDownloads teamId={teamId} /> : <PersonalDownloads />;
}

function PersonalDownloads() {
  const { t } = useTranslation('teams');
  const { t: orders } = useTranslation('orders');
  return (
    <div className="space-y-6">
      <PageTitle title={t('files.title')} lead={t('files.personalLead')} />
      <Section id="purchase-documents" title={t('files.purchaseTitle')} lead={t('files.purchaseLead')}>
        <ul className="space-y-2">
          {purchaseDocuments.map((document) => (
            <li key={document.key}>
              <a href={document.href} download className="inline-flex items-center gap-2 font-medium text-primary hover:underline">
                <FileTextIcon className="size-4" aria-hidden="true" />
                {t(`files.${document.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="order-documents" title={orders('downloads.title')} lead={orders('downloads.lead')}>
        <OrderDownloads />
      </Section>
    </div>
  );
}

function TeamDownloads({ teamId }: { teamId: string }) {
  const { t } = useTranslation('teams');
  const team = useQuery(trpc.teams.detail.queryOptions({ teamId }));
  const files = useQuery(trpc.teams.files.queryOptions({ teamId }));
  if (team.isPending || files.isPending) return <PageLoading />;
  if (team.error || files.error) return <TeamError error={team.error ?? files.error} />;
  return (
    <div className="space-y-6">
      <PageTitle title={t('files.title')} lead={t('files.teamLead', { team: team.data.name })} />
      <Section id="team-files" title={t('files.title')}>
        {files.data.files.length === 0 ? (
          <p className="text-muted-foreground">{t('files.empty')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {files.data.files.map((file) => (
              <li key={file.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="team-file">
                <div className="min-w-0">
                  <p className="font-medium break-all">{file.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatBytes(file.sizeBytes)} · {t('files.uploaded', { date: localDateTime(file.uploadedAt), by: file.uploadedBy })}
                  </p>
                </div>
                <a
                  href={teamFileAddress(teamId, file.id)}
                  download={file.name}
                  aria-label={t('files.download', { name: file.name })}
                  className="inline-flex shrink-0 items-center gap-2 self-start rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted"
                >
                  <DownloadIcon className="size-4" aria-hidden="true" />
                  {t('files.get')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
