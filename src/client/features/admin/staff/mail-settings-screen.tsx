import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffPermissions, type MailSettings, type StaffPermission } from '@/shared/staff';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { AdminCard, AdminPageHeader } from '@/client/features/admin/admin-page';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';

type Draft = Pick<MailSettings, 'routes' | 'staffMail' | 'chatNotices'>;

function Switch({ id, label, description, checked, onChange, disabled }: { id: string; label: string; description: string; checked: boolean; onChange: (value: boolean) => void; disabled?: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="mt-1 size-4 accent-primary" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-description`} />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}

/** /admin/mail (super staff): which permissions' staff receive their notices, and the staff-mail and chat switches. */
export function MailSettingsScreen() {
  const { t } = useTranslation('admin');
  const id = useId();
  const settings = useQuery(trpc.staff.admin.mailSettings.queryOptions());
  const [draft, setDraft] = useState<Draft | undefined>();
  const save = useMutation(
    trpc.staff.admin.updateMailSettings.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.staff.admin.mailSettings.queryKey(), saved),
    }),
  );
  useEffect(() => {
    if (settings.data) setDraft({ routes: settings.data.routes, staffMail: settings.data.staffMail, chatNotices: settings.data.chatNotices });
  }, [settings.data]);

  if (settings.isPending || !draft) return settings.isError ? <ErrorAlert title={errorText(settings.error)} /> : <PageLoading />;
  const masters = settings.data!.masters;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const route = (permission: StaffPermission, value: boolean) => setDraft({ ...draft, routes: { ...draft.routes, [permission]: value } });
  return (
    <div className="space-y-6">
      <AdminPageHeader title={t('mail.title')} lead={t('mail.lead')} />
      {!masters.mail || !masters.chat ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {[!masters.mail ? t('mail.masterMailOff') : '', !masters.chat ? t('mail.masterChatOff') : ''].filter(Boolean).join(' ')}
        </p>
      ) : null}
      {save.isSuccess ? <SuccessAlert title={t('mail.saved')} /> : null}
      {save.isError ? <ErrorAlert title={errorText(save.error)} /> : null}
      <form onSubmit={submit} className="space-y-6">
        <AdminCard className="space-y-4">
          <h2 className="text-lg font-semibold">{t('mail.switches')}</h2>
          <Switch id={`${id}-mail`} label={t('mail.staffMail')} description={t('mail.staffMailHint')} checked={draft.staffMail} disabled={!masters.mail} onChange={(value) => setDraft({ ...draft, staffMail: value })} />
          <Switch id={`${id}-chat`} label={t('mail.chatNotices')} description={t('mail.chatNoticesHint')} checked={draft.chatNotices} disabled={!masters.chat} onChange={(value) => setDraft({ ...draft, chatNotices: value })} />
        </AdminCard>
        <AdminCard>
          <fieldset className="space-y-4" disabled={!draft.staffMail}>
            <legend className="mb-2 text-lg font-semibold">{t('mail.routes')}</legend>
            {staffPermissions.map((permission) => (
              <Switch
                key={permission}
                id={`${id}-${permission}`}
                label={t(`permissions.${permission}`)}
                description={t(`mail.routeHints.${permission}`)}
                checked={draft.routes[permission]}
                onChange={(value) => route(permission, value)}
              />
            ))}
          </fieldset>
        </AdminCard>
        <Button type="submit" disabled={save.isPending}>
          {t('mail.save')}
        </Button>
      </form>
    </div>
  );
}
