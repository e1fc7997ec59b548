import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'radix-ui';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cancelInput, memberCancellationReasons, type CancelForm } from '@/shared/courses';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Textarea } from '@/client/components/ui/textarea';

/** Asks for a reason from the list and an optional remark before a member cancels a seat. */
export function CancelDialog({ slotId, courseName, open, pending, onClose, onConfirm }: { slotId: string; courseName: string; open: boolean; pending: boolean; onClose: () => void; onConfirm: (form: CancelForm) => void }) {
  const { t } = useTranslation('courses');
  const form = useForm<CancelForm>({ resolver: zodResolver(cancelInput), defaultValues: { slotId, reason: memberCancellationReasons[0], remark: '' } });
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{t('cancelDialog.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{courseName}</span> · {t('cancelDialog.body')}
          </Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={form.handleSubmit((values) => onConfirm(values))} noValidate>
            <Field id="cancel-reason" label={t('cancelDialog.reason')} error={form.formState.errors.reason}>
              <NativeSelect {...form.register('reason', { valueAsNumber: true })}>
                {memberCancellationReasons.map((reason) => (
                  <NativeSelectOption key={reason} value={reason}>
                    {t(`reasons.${reason}`)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </Field>
            <Field id="cancel-remark" label={t('cancelDialog.remark')} error={form.formState.errors.remark}>
              <Textarea className="min-h-20" {...form.register('remark')} />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                {t('cancelDialog.keep')}
              </Button>
              <Button type="submit" disabled={pending}>
                {t('cancelDialog.confirm')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
