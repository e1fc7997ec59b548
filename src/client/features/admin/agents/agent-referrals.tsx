import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@/shared/accounts';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { currentLanguage } from '@/client/i18n';
import { errorText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';

/** Accounts referred per agent as horizontal bars, to compare agents at a glance; the table beside it carries the same figures. */
export function ReferralChart({ agents }: { agents: Agent[] }) {
  const { t } = useTranslation('accounts');
  const titleId = useId();
  const top = Math.max(1, ...agents.map((agent) => agent.referrals));
  return (
    <figure aria-labelledby={titleId} className="rounded-lg border border-border bg-card p-4 sm:p-6">
      <figcaption id={titleId} className="mb-4 text-sm font-medium">
        {t('agents.chartTitle')}
      </figcaption>
      <ul className="space-y-2">
        {agents.map((agent) => (
          <li key={agent.groupId} className="grid grid-cols-[minmax(0,8rem)_1fr_2.5rem] items-center gap-3 text-sm sm:grid-cols-[minmax(0,14rem)_1fr_3rem]">
            <span className="truncate" title={agent.companyName}>
              {agent.companyName}
            </span>
            <span className="h-3 rounded-sm bg-muted" aria-hidden="true">
              <span className="block h-3 rounded-sm bg-primary" style={{ width: `${(agent.referrals / top) * 100}%` }} />
            </span>
            <span className="text-right tabular-nums">{agent.referrals}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

const groupStatusKeys = { 0: 'notActivated', 1: 'paid', 2: 'trial' } as const;

/** The accounts whose agent reference is this agent id, newest first. */
export function ReferralList({ agentId }: { agentId: string }) {
  const { t } = useTranslation('accounts');
  const referrals = useQuery(trpc.accounts.admin.agents.referrals.queryOptions({ agentId }));
  if (referrals.isPending) return <PageLoading />;
  if (referrals.isError) return <ErrorAlert title={errorText(referrals.error)} />;
  if (referrals.data.length === 0) return <p className="text-sm text-muted-foreground">{t('agents.noReferrals')}</p>;
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' });
  return (
    <ul aria-label={t('agents.referralsOf', { agentId })} className="divide-y divide-border rounded-md border border-border bg-card text-sm">
      {referrals.data.map((account) => (
        <li key={account.groupId} className="flex flex-wrap justify-between gap-2 px-3 py-2">
          <span>
            {account.companyName} <span className="font-mono text-xs text-muted-foreground">{account.groupId}</span>
          </span>
          <span className="text-muted-foreground">
            {t(`agents.status.${groupStatusKeys[account.status as 0 | 1 | 2] ?? 'notActivated'}`)} · {date.format(account.createdAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
