import { useMutation, useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import type { StaffMember } from '@/shared/staff';
import { AdminCard, AdminPageHeader } from '../admin-page';
import { useStaffSession } from '../staff-session';
import { StaffForm } from './staff-form';

const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staff.admin.list.queryKey() });

/** /admin/staff (super staff): every staff account, adding one, editing its roles, removing it. */
export function StaffScreen() {
  const { t } = useTranslation('admin');
  const list = useQuery(trpc.staff.admin.list.queryOptions());
  const me = useStaffSession().data?.staff;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const create = useMutation(trpc.staff.admin.create.mutationOptions());
  const update = useMutation(trpc.staff.admin.update.mutationOptions());
  const remove = useMutation(trpc.staff.admin.remove.mutationOptions());

  const removeMember = (member: StaffMember) => {
    if (!window.confirm(t('staff.confirmRemove', { email: member.email }))) return;
    remove.mutate({ staffId: member.id }, { onSuccess: () => void refresh().then(() => setNotice(t('staff.removed', { email: member.email }))) });
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('staff.title')}
        lead={t('staff.lead')}
        actions={
          <Button onClick={() => setAdding(!adding)} aria-expanded={adding}>
            <PlusIcon aria-hidden="true" />
            {t('staff.new')}
          </Button>
        }
      />
      {adding ? (
        <AdminCard>
          <h2 className="mb-4 text-lg font-semibold">{t('staff.new')}</h2>
          <StaffForm
            editing={false}
            initial={{ email: '', name: '', password: '', super: false, permissions: [] }}
            pending={create.isPending}
            error={create.error}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: (member) => {
                  setAdding(false);
                  setNotice(t('staff.added', { email: member.email }));
                  void refresh();
                },
              })
            }
            onCancel={() => setAdding(false)}
          />
        </AdminCard>
      ) : null}
      {notice ? <SuccessAlert title={<span className="[overflow-wrap:anywhere]">{notice}</span>} /> : null}
      {remove.isError ? <ErrorAlert title={errorText(remove.error)} /> : null}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <ErrorAlert title={errorText(list.error)} />
      ) : (
        <ul className="space-y-3" aria-label={t('staff.title')}>
          {list.data.items.map((member) => (
            <li key={member.id}>
              <AdminCard>
                {editing === member.id ? (
                  <StaffForm
                    editing
                    initial={{ email: member.email, name: member.name, password: '', super: member.super, permissions: member.permissions }}
                    pending={update.isPending}
                    error={update.error}
                    onSubmit={(values) =>
                      update.mutate(
                        { staffId: member.id, name: values.name, super: values.super, permissions: values.permissions },
                        {
                          onSuccess: () => {
                            setEditing(null);
                            setNotice(t('staff.saved', { email: member.email }));
                            void refresh();
                          },
                        },
                      )
                    }
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {member.name} {member.id === me?.id ? <span className="text-sm font-normal text-muted-foreground">({t('staff.you')})</span> : null}
                      </p>
                      <p className="text-sm break-all text-muted-foreground">{member.email}</p>
                      <p className="mt-2 text-sm">
                        {member.super ? t('permissions.super') : member.permissions.map((permission) => t(`permissions.${permission}`)).join('、') || t('staff.noRoles')}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" onClick={() => setEditing(member.id)} aria-label={t('staff.editOf', { email: member.email })}>
                        {t('staff.edit')}
                      </Button>
                      {member.id === me?.id ? null : (
                        <Button variant="outline" size="sm" onClick={() => removeMember(member)} disabled={remove.isPending} aria-label={t('staff.removeOf', { email: member.email })}>
                          {t('staff.remove')}
                        </Button>
                      )}
                    </div>
                  </div>
                )}
              </AdminCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
