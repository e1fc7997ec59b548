import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { useToast } from '@/client/components/ui/toast';
import { keptPlatformId } from '@/client/lib/in-app-browser';
import { localDateTime } from '@/client/lib/time-zone';
import { applyServerErrors, errorText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import { DevicePointsNotice, DevicePointsPanel, useDeviceRemaining } from './device-points';
import { bindDeviceInput, deviceStatus, type BindDeviceForm, type DeviceView } from '@/shared/platform';
import { formatPoints } from '@/shared/points';

/** /management-center/device-binding (issue 11 part 4): bind a purchased system by its platform id, name it, unbind it. */
export function DeviceBindingPage() {
  // The points texts too, with the page: moving points to a device is refused, and an unread balance
  // told, in /point-transfer's and /point-record's words (the route loads only its own namespaces).
  const { t } = useTranslation(['platform', 'points']);
  const devices = useQuery(trpc.platform.devices.list.queryOptions());
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('devices.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('devices.lead')}</p>
      </header>
      <BindForm />
      <section aria-labelledby="device-list" className="rounded-lg border border-border bg-card p-5 sm:p-6">
        <h2 id="device-list" className="text-lg font-semibold">
          {t('devices.list')}
        </h2>
        <div className="mt-4 space-y-4">
          <DevicePointsNotice />
          {devices.isPending ? <PageLoading /> : devices.error ? <ErrorAlert title={errorText(devices.error)} /> : <DeviceList devices={devices.data.devices} />}
        </div>
      </section>
    </div>
  );
}

function useRefreshDevices() {
  const queryClient = useQueryClient();
  return (data: { devices: DeviceView[] }) => queryClient.setQueryData(trpc.platform.devices.list.queryKey(), data);
}

function BindForm() {
  const { t } = useTranslation('platform');
  const formId = useId();
  const showToast = useToast();
  const refresh = useRefreshDevices();
  const [kept] = useState(keptPlatformId);
  const [failure, setFailure] = useState<unknown>(null);
  const bind = useMutation(trpc.platform.devices.bind.mutationOptions());
  const form = useForm<BindDeviceForm>({ resolver: zodResolver(bindDeviceInput), defaultValues: { platformId: kept ?? '', name: '' } });
  const { errors } = form.formState;
  const onValid = (values: BindDeviceForm) => {
    setFailure(null);
    bind.mutate(values, {
      onSuccess: (data) => {
        refresh(data);
        form.reset({ platformId: '', name: '' });
        showToast({ variant: 'success', title: t('devices.bound'), duration: 2200 });
      },
      onError: (error) => (applyServerErrors(error, form.setError, ['platformId', 'name']) ? undefined : setFailure(error)),
    });
  };
  return (
    <section aria-labelledby={`${formId}-title`} className="rounded-lg border border-border bg-card p-5 sm:p-6">
      <h2 id={`${formId}-title`} className="text-lg font-semibold">
        {t('devices.bind')}
      </h2>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-4 space-y-5" aria-busy={bind.isPending}>
        <Field id={`${formId}-platform-id`} label={t('devices.platformId')} description={kept ? t('devices.fromLink') : t('devices.platformIdHint')} error={errors.platformId}>
          <Input autoComplete="off" spellCheck={false} aria-required="true" {...form.register('platformId')} />
        </Field>
        <Field id={`${formId}-name`} label={t('devices.name')} description={t('devices.nameHint')} error={errors.name}>
          <Input autoComplete="off" aria-required="true" {...form.register('name')} />
        </Field>
        {failure ? <ErrorAlert title={errorText(failure)} /> : null}
        <Button type="submit" disabled={bind.isPending}>
          {bind.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
          {t('devices.submit')}
        </Button>
      </form>
    </section>
  );
}

function DeviceList({ devices }: { devices: DeviceView[] }) {
  const { t } = useTranslation('platform');
  if (devices.length === 0) return <p className="text-muted-foreground">{t('devices.empty')}</p>;
  return (
    <ul className="divide-y divide-border">
      {devices.map((device) => (
        <DeviceItem key={`${device.platformId}-${device.boundAt.toISOString()}`} device={device} />
      ))}
    </ul>
  );
}

function DeviceItem({ device }: { device: DeviceView }) {
  const { t } = useTranslation('platform');
  const formId = useId();
  const showToast = useToast();
  const refresh = useRefreshDevices();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const rename = useMutation(trpc.platform.devices.rename.mutationOptions());
  const unbind = useMutation(trpc.platform.devices.unbind.mutationOptions());
  const left = useDeviceRemaining(device.platformId);
  const form = useForm<BindDeviceForm>({ resolver: zodResolver(bindDeviceInput), defaultValues: { platformId: device.platformId, name: device.name } });
  const bound = device.status === deviceStatus.bound;
  const onRename = (values: BindDeviceForm) =>
    rename.mutate(values, {
      onSuccess: (data) => {
        setEditing(false);
        refresh(data);
        showToast({ variant: 'success', title: t('devices.renamed'), duration: 2200 });
      },
      onError: (error) => (applyServerErrors(error, form.setError, ['name']) ? undefined : setFailure(error)),
    });
  const onUnbind = () =>
    unbind.mutate(
      { platformId: device.platformId },
      {
        onSuccess: (data) => {
          refresh(data);
          showToast({ variant: 'success', title: t('devices.unbound'), duration: 2200 });
        },
        onError: setFailure,
      },
    );
  return (
    <li className="space-y-2 py-3" data-testid="device">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-words">{device.name}</p>
          <p className="font-mono text-xs break-all text-muted-foreground">{device.platformId}</p>
          <p className="text-sm text-muted-foreground">
            <span className={bound ? 'font-medium text-primary' : 'font-medium'}>{t(`devices.status.${device.status}`)}</span> ·{' '}
            {device.unboundAt ? t('devices.unboundOn', { date: localDateTime(device.unboundAt) }) : t('devices.since', { date: localDateTime(device.boundAt), by: device.boundBy })}
          </p>
        </div>
        {bound && !editing ? (
          <div className="flex shrink-0 flex-wrap gap-2" role="group" aria-label={device.name}>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              {t('devices.rename')}
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" disabled={unbind.isPending}>
                  {t('devices.unbind')}
                </Button>
              }
              title={t('devices.unbind')}
              // Points on the device stay with it: whoever binds it next can use them, so the dialog says how many.
              description={left > 0 ? t('devices.unbindConfirmPoints', { name: device.name, points: formatPoints(left) }) : t('devices.unbindConfirm', { name: device.name })}
              cancelLabel={t('devices.cancel')}
              confirmLabel={t('devices.confirm')}
              onConfirm={onUnbind}
            />
          </div>
        ) : null}
      </div>
      {bound && !editing ? <DevicePointsPanel platformId={device.platformId} name={device.name} /> : null}
      {editing ? (
        <form noValidate onSubmit={form.handleSubmit(onRename)} className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-busy={rename.isPending}>
          <Field id={`${formId}-name`} label={t('devices.name')} error={form.formState.errors.name} className="min-w-0 flex-1">
            <Input autoComplete="off" aria-required="true" {...form.register('name')} />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {t('devices.save')}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
              {t('devices.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
      {failure ? <ErrorAlert title={errorText(failure)} /> : null}
    </li>
  );
}
