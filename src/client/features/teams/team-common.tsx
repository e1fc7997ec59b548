import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { teamQueryKey } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { teamIdPattern } from '@/shared/teams';

/** The member's teams and whether they may create one; shared by the side menu and the team pages. */
export function useMyTeams() {
  return useQuery({ ...trpc.teams.mine.queryOptions(), staleTime: 0 });
}

/** The team chosen in the address (`?team=`), when it looks like a team id. */
export function useChosenTeamId(): string | undefined {
  const [search] = useSearchParams();
  const id = search.get(teamQueryKey) ?? '';
  return teamIdPattern.test(id) ? id : undefined;
}

const reasons = ['groupNotPaid', 'notTeamMember', 'teamRole'] as const;

/** A refused team call in words: the catalogue text, with the reason of an Unauthorized when there is one. */
export function teamErrorText(error: unknown, t: (key: `reasons.${(typeof reasons)[number]}`) => string): string {
  const app = appErrorOf(error);
  const reason = app?.code === 'Unauthorized' ? (app.params as { reason?: string }).reason : undefined;
  const known = reasons.find((candidate) => candidate === reason);
  return known ? t(`reasons.${known}`) : errorText(error);
}

export function TeamError({ error }: { error: unknown }) {
  const { t } = useTranslation('teams');
  return <ErrorAlert title={teamErrorText(error, t)} />;
}

export function PageTitle({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-2 text-muted-foreground">{lead}</p> : null}
    </header>
  );
}

export function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-card p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm text-muted-foreground">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Asks before a change that cannot simply be undone (kick, hand over, leave). */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  disabled,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('teams');
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={disabled}>
          {label}
        </Button>
      }
      title={label}
      description={question}
      cancelLabel={t('members.cancel')}
      confirmLabel={t('members.confirm')}
      onConfirm={onConfirm}
    />
  );
}
