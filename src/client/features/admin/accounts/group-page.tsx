import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { currentLanguage } from '@/client/i18n';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { adminScreenPath } from '@/client/paths';
import { queryClient, trpc } from '@/client/trpc';
import { classChangeActions, trialDomainFor, type GroupPage as GroupPageData } from '@/shared/account-admin';
import { groupStatus } from '@/shared/accounts';
import type { ErrorParams } from '@/shared/errors';
import { platformDomainKeys } from '@/shared/platform';
import { formatPoints, projectType, projectTypes } from '@/shared/points';
import { AdminCard, AdminPageHeader } from '../admin-page';
import { UserActions, UserState } from './user-actions';

const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.accounts.pathKey() });

/** A refused enable-trial in words; a group that has its platform domain already is told which one. */
function enableTrialErrorText(error: unknown, t: (key: 'accounts.trialDomainRefused', values: { domain: string }) => string): string {
  const app = appErrorOf(error);
  const params = app?.code === 'OperationError' ? (app.params as ErrorParams['OperationError']) : undefined;
  return params?.reason === 'groupDomainFixed' ? t('accounts.trialDomainRefused', { domain: params.domainKey }) : errorText(error);
}

/**
 * A group credited before it was enabled has its platform account, and its points, on one domain
 * already (`group.domainKey`): the form offers that domain only and says why.
 */
function EnableTrialForm({ group }: { group: GroupPageData['group'] }) {
  const { t } = useTranslation('admin');
  const id = useId();
  // Refreshed on a refusal too: a group credited meanwhile then shows the domain it now has.
  const enable = useMutation(trpc.accounts.admin.enableTrial.mutationOptions({ onSettled: () => void refresh() }));
  const fixedDomain = group.domainKey;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    enable.mutate({ groupId: group.id, domainKey: data.get('domainKey') as never, isAgent: data.get('isAgent') === 'on', defaultProjectType: Number(data.get('defaultProjectType')) });
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('accounts.enableTrial')}>
      <p className="text-sm text-muted-foreground">{t('accounts.enableTrialHelp')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-domain`} label={t('accounts.domain')} description={fixedDomain ? t('accounts.trialDomainFixed', { domain: fixedDomain }) : undefined}>
          <NativeSelect key={fixedDomain ?? ''} name="domainKey" defaultValue={trialDomainFor(fixedDomain)}>
            {platformDomainKeys.map((key) => (
              <NativeSelectOption key={key} value={key} disabled={fixedDomain !== null && key !== fixedDomain}>
                {key}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-type`} label={t('accounts.defaultProjectType')}>
          <NativeSelect name="defaultProjectType" defaultValue={String(projectType.mPoint)}>
            {projectTypes.map((type) => (
              <NativeSelectOption key={type} value={String(type)}>
                {t(`accounts.projectTypes.${type}` as 'accounts.projectTypes.9')}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isAgent" className="size-4 accent-primary" />
        {t('accounts.isAgent')}
      </label>
      {enable.isError ? <ErrorAlert title={enableTrialErrorText(enable.error, t)} /> : null}
      <Button type="submit" disabled={enable.isPending}>
        {t('accounts.enableTrial')}
      </Button>
    </form>
  );
}

function ClassActions({ group }: { group: GroupPageData['group'] }) {
  const { t } = useTranslation('admin');
  const change = useMutation(trpc.accounts.admin.changeClass.mutationOptions({ onSuccess: () => void refresh() }));
  const changes = useQuery(trpc.accounts.admin.groupClassChanges.queryOptions({ groupId: group.id }));
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' });
  return (
    <div className="space-y-4">
      <p>
        {t('accounts.classNow', {
          memberClass: t(`accounts.classes.${group.memberClass ?? 'normal'}` as 'accounts.classes.normal'),
          expiry: group.classExpireDate ? date.format(group.classExpireDate) : '–',
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        {classChangeActions.map((action) => (
          <Button key={action} variant="outline" size="sm" disabled={change.isPending} onClick={() => change.mutate({ groupId: group.id, action })}>
            {t(`accounts.classActions.${action}`)}
          </Button>
        ))}
      </div>
      {change.isError ? <ErrorAlert title={errorText(change.error)} /> : null}
      <ul className="space-y-1 text-sm">
        {changes.data?.items.map((item) => (
          <li key={item.id}>
            {date.format(item.createdAt)} · {t(`accounts.classActions.${item.action}`)} · {item.fromClass ?? '–'} → {item.toClass} · {date.format(item.toExpireDate)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /admin/accounts/<group id>: one enterprise account with its users, teams, orders, balances and class. */
export function GroupPage() {
  const { t } = useTranslation('admin');
  const { t: tPoints } = useTranslation('points');
  const { groupId = '' } = useParams();
  const page = useQuery(trpc.accounts.admin.group.queryOptions({ groupId }));
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' });
  if (page.isPending) return <PageLoading />;
  if (page.isError) return <ErrorAlert title={errorText(page.error)} />;
  const { group, users, teams, orders, balance } = page.data;
  const general = balance.types.find((type) => type.projectType === projectType.mPoint);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={group.companyName}
        lead={`${group.id} · ${t(`accounts.groupStatus.${group.status}` as 'accounts.groupStatus.0')}`}
        actions={
          <Link to={adminScreenPath('accounts')} className="text-sm text-primary underline-offset-4 hover:underline">
            {t('accounts.back')}
          </Link>
        }
      />
      <AdminCard>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div><dt className="text-muted-foreground">{t('accounts.admin')}</dt><dd className="break-all">{group.adminEmail ?? '–'}</dd></div>
          <div><dt className="text-muted-foreground">{t('accounts.domain')}</dt><dd>{group.domainKey ?? '–'}</dd></div>
          <div><dt className="text-muted-foreground">{t('accounts.isAgent')}</dt><dd>{group.isAgent ? t('accounts.yes') : t('accounts.no')}</dd></div>
          <div><dt className="text-muted-foreground">{t('accounts.balance')}</dt><dd className="tabular-nums">{!balance.retrieved ? tPoints('balance.failed') : general ? formatPoints(general.remaining) : '–'}</dd></div>
          <div><dt className="text-muted-foreground">{t('accounts.created')}</dt><dd>{date.format(group.createdAt)}</dd></div>
        </dl>
      </AdminCard>
      <AdminCard>
        <h2 className="mb-3 text-lg font-semibold">{t('accounts.membership')}</h2>
        {group.status === groupStatus.notActivated ? <EnableTrialForm group={group} /> : <ClassActions group={group} />}
      </AdminCard>
      <AdminCard>
        <h2 className="mb-3 text-lg font-semibold">{t('accounts.users')}</h2>
        <ul className="space-y-3">
          {users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-all">{user.email}</p>
                <p className="text-sm text-muted-foreground">
                  {user.name} · <UserState user={user} />
                  {user.isGroupAdmin ? ` · ${t('accounts.admin')}` : ''}
                </p>
              </div>
              <UserActions user={user} />
            </li>
          ))}
        </ul>
      </AdminCard>
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminCard>
          <h2 className="mb-3 text-lg font-semibold">{t('accounts.teams')}</h2>
          {teams.length === 0 ? <p className="text-muted-foreground">{t('accounts.none')}</p> : null}
          <ul className="space-y-1 text-sm">
            {teams.map((team) => (
              <li key={team.id}>
                {team.name} · {team.admin ?? '–'} · {t('accounts.memberCount', { count: team.memberCount })}
              </li>
            ))}
          </ul>
        </AdminCard>
        <AdminCard>
          <h2 className="mb-3 text-lg font-semibold">{t('accounts.orders')}</h2>
          {orders.length === 0 ? <p className="text-muted-foreground">{t('accounts.none')}</p> : null}
          <ul className="space-y-1 text-sm">
            {orders.map((order) => (
              <li key={order.id} className="tabular-nums">
                <span className="font-mono">{order.id}</span> · {date.format(order.createdAt)} · {formatPoints(order.pointsTenths)}
              </li>
            ))}
          </ul>
        </AdminCard>
      </div>
    </div>
  );
}
