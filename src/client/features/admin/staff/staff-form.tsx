import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { errorText } from '@/client/lib/errors';
import { createStaffInput, staffPermissions, type StaffPermission } from '@/shared/staff';

/** The form's values: the new-account fields; `email` and `password` are ignored when editing. */
export interface StaffFormValues {
  email: string;
  name: string;
  password: string;
  super: boolean;
  permissions: StaffPermission[];
}

const editSchema = createStaffInput.extend({ email: z.string(), password: z.string() });

/** Adding (e-mail, name, first password, roles) or editing (name, roles) one staff account. */
export function StaffForm({
  initial,
  editing,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: StaffFormValues;
  editing: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (values: StaffFormValues) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const form = useForm<StaffFormValues>({ resolver: zodResolver(editing ? editSchema : createStaffInput) as never, defaultValues: initial });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {editing ? null : (
          <Field id={`${id}-email`} label={t('staff.email')} error={errors.email}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </Field>
        )}
        <Field id={`${id}-name`} label={t('staff.name')} error={errors.name}>
          <Input autoComplete="off" {...form.register('name')} />
        </Field>
        {editing ? null : (
          <Field id={`${id}-password`} label={t('staff.password')} description={t('staff.passwordHelp')} error={errors.password}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </Field>
        )}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('staff.roles')}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('super')} />
          {t('permissions.super')}
        </label>
        <div className="grid gap-2 sm:grid-cols-3">
          {staffPermissions.map((permission) => (
            <label key={permission} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={permission} className="size-4 accent-primary" {...form.register('permissions')} />
              {t(`permissions.${permission}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? <ErrorAlert title={errorText(error)} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {editing ? t('staff.save') : t('staff.add')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('staff.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
