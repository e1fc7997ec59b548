import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { passwordStrengths } from '@/shared/passwords';
import { securitySettingsSchema, type SecuritySettings } from '@/shared/settings';
import { AdminCard, AdminPageHeader } from '../admin-page';

/** /admin/security (super staff): password strength, maximum password age and the member TOTP requirement. */
export function SecuritySettingsScreen() {
  const { t } = useTranslation('settings');
  const formId = useId();
  const settings = useQuery(trpc.settings.security.queryOptions());
  const save = useMutation(trpc.settings.updateSecurity.mutationOptions());
  const form = useForm<SecuritySettings>({ resolver: zodResolver(securitySettingsSchema) });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  if (settings.isPending) return <PageLoading />;
  if (settings.isError) return <ErrorAlert title={errorText(settings.error)} />;

  const onSubmit = (values: SecuritySettings) =>
    save.mutate(values, { onSuccess: (saved) => queryClient.setQueryData(trpc.settings.security.queryKey(), saved) });

  return (
    <>
      <AdminPageHeader title={t('security.title')} lead={t('security.lead')} />
      <AdminCard className="max-w-2xl">
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
          <Field id={`${formId}-strength`} label={t('security.passwordStrength')} description={t('security.passwordStrengthHelp')} error={form.formState.errors.passwordStrength}>
            <NativeSelect {...form.register('passwordStrength')}>
              {passwordStrengths.map((strength) => (
                <NativeSelectOption key={strength} value={strength}>
                  {t(`security.strengths.${strength}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${formId}-days`} label={t('security.passwordMaxDays')} description={t('security.passwordMaxDaysHelp')} error={form.formState.errors.passwordMaxDaysLimit}>
            <Input type="number" inputMode="numeric" min={1} max={3650} {...form.register('passwordMaxDaysLimit', { valueAsNumber: true })} />
          </Field>
          <div className="flex items-start gap-3">
            <input id={`${formId}-totp`} type="checkbox" className="mt-1 size-4 accent-primary" {...form.register('userTotpVerify')} />
            <label htmlFor={`${formId}-totp`} className="text-sm">
              <span className="font-medium">{t('security.userTotpVerify')}</span>
              <span className="block text-muted-foreground">{t('security.userTotpVerifyHelp')}</span>
            </label>
          </div>
          {save.isError ? <ErrorAlert title={errorText(save.error)} /> : null}
          {save.isSuccess ? <SuccessAlert title={t('security.saved')} /> : null}
          <Button type="submit" disabled={save.isPending}>
            {t('security.save')}
          </Button>
        </form>
      </AdminCard>
    </>
  );
}
