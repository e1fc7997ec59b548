import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { errorText } from '@/client/lib/errors';
import { adminScreenPath } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { AdminCard, AdminPageHeader } from '../admin-page';
import { UserActions, UserState } from './user-actions';

export const groupPagePath = (groupId: string) => `${adminScreenPath('accounts')}/${groupId}`;

/** /admin/accounts: find enterprise accounts and members; activate, disable or enable a member; open a group. */
export function AccountSearchPage() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const search = useQuery({ ...trpc.accounts.admin.search.queryOptions({ query }), enabled: query.length >= 2 });
  const pending = useQuery({ ...trpc.accounts.admin.awaitingActivation.queryOptions(), enabled: query.length < 2 });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    setTooShort(value.length < 2);
    if (value.length >= 2) setQuery(value);
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader title={t('accounts.title')} lead={t('accounts.lead')} />
      <AdminCard>
        <form onSubmit={submit} role="search" className="flex flex-wrap items-end gap-3">
          <Field id={`${id}-query`} label={t('accounts.query')} description={t('accounts.queryHelp')} error={tooShort ? t('accounts.queryTooShort') : undefined} className="min-w-0 flex-1">
            <Input name="query" type="search" />
          </Field>
          <Button type="submit">{t('accounts.search')}</Button>
        </form>
      </AdminCard>
      {query.length < 2 ? (
        <section aria-labelledby={`${id}-pending`} className="space-y-3">
          <h2 id={`${id}-pending`} className="text-lg font-semibold">
            {t('accounts.pending')}
          </h2>
          {pending.isPending ? <PageLoading /> : pending.isError ? <ErrorAlert title={errorText(pending.error)} /> : null}
          {pending.data?.length === 0 ? <p className="text-muted-foreground">{t('accounts.noPending')}</p> : null}
          <ul className="space-y-2">
            {pending.data?.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
                <div className="min-w-0">
                  <p className="font-medium break-all">{user.email}</p>
                  <p className="text-sm text-muted-foreground">
                    {user.name} · <Link to={groupPagePath(user.groupId)} className="text-primary underline-offset-4 hover:underline">{user.companyName}</Link>
                  </p>
                </div>
                <UserActions user={{ id: user.id, email: user.email, status: 0, disabled: false }} />
              </li>
            ))}
          </ul>
        </section>
      ) : search.isPending ? (
        <PageLoading />
      ) : search.isError ? (
        <ErrorAlert title={errorText(search.error)} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby={`${id}-groups`} className="space-y-3">
            <h2 id={`${id}-groups`} className="text-lg font-semibold">
              {t('accounts.groups')}
            </h2>
            {search.data.groups.length === 0 ? <p className="text-muted-foreground">{t('accounts.none')}</p> : null}
            <ul className="space-y-2">
              {search.data.groups.map((group) => (
                <li key={group.id} className="rounded-lg border border-border p-3">
                  <Link to={groupPagePath(group.id)} className="font-medium text-primary underline-offset-4 hover:underline">
                    {group.companyName}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    <span className="font-mono">{group.id}</span> · {t(`accounts.groupStatus.${group.status}` as 'accounts.groupStatus.0')} · {group.adminEmail ?? '–'}
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={`${id}-users`} className="space-y-3">
            <h2 id={`${id}-users`} className="text-lg font-semibold">
              {t('accounts.users')}
            </h2>
            {search.data.users.length === 0 ? <p className="text-muted-foreground">{t('accounts.none')}</p> : null}
            <ul className="space-y-2">
              {search.data.users.map((user) => (
                <li key={user.id} className="space-y-2 rounded-lg border border-border p-3">
                  <p className="font-medium break-all">{user.email}</p>
                  <p className="text-sm text-muted-foreground">
                    {user.name} · <UserState user={user} /> ·{' '}
                    <Link to={groupPagePath(user.groupId)} className="text-primary underline-offset-4 hover:underline">
                      {user.companyName}
                    </Link>
                  </p>
                  <UserActions user={user} />
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </div>
  );
}
