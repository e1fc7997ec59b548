import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, FileUpIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { FileInput } from '@/client/components/ui/file-input';
import { Input } from '@/client/components/ui/input';
import { useToast } from '@/client/components/ui/toast';
import { appErrorOf, errorText, validationText } from '@/client/lib/errors';
import { uploadFile } from '@/client/lib/upload';
import { trpc } from '@/client/trpc';
import { orderDocumentSegments, orderFileLimits, orderStatus, remittanceReportStatuses, reportRemittanceInput, type OrderDocumentKind } from '@/shared/orders';
import { dateTime } from './order-format';
import { uploadRefusalKey, virtualAccountNoteKey } from './order-texts';
import { Section, type OrderDetail } from './order-view';

/** Where the members' and the staff's browsers fetch an order's files. */
export type FileArea = 'member' | 'admin';

export function orderFileUrl(area: FileArea, orderId: string, kind: OrderDocumentKind): string {
  return `/${area === 'admin' ? 'admin-files' : 'member-files'}/orders/${encodeURIComponent(orderId)}/${orderDocumentSegments[kind]}`;
}

/** The order's documents, each a download link once it exists. */
export function OrderDocumentsSection({ order, area, children }: { order: OrderDetail; area: FileArea; children?: React.ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <Section id="order-documents" title={t('documents.title')}>
      <ul className="divide-y divide-border text-sm">
        {order.documents.map((document) => (
          <li key={document.kind} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>{t(`documents.${document.kind}`)}</span>
            {document.available ? (
              <a href={orderFileUrl(area, order.id, document.kind)} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-primary underline underline-offset-4">
                <DownloadIcon className="size-4" aria-hidden="true" />
                {t('documents.download', { name: t(`documents.${document.kind}`) })}
              </a>
            ) : (
              <span className="text-muted-foreground">{t('documents.notYet')}</span>
            )}
          </li>
        ))}
      </ul>
      {children ? <div className="mt-4 space-y-4">{children}</div> : null}
    </Section>
  );
}

/** Uploads one document of an order (an image or a PDF up to 5 MB), then reloads the order. */
export function OrderFileUpload({ order, area, kind }: { order: OrderDetail; area: FileArea; kind: 'remittance' | 'signedQuotation' | 'invoice' }) {
  const { t } = useTranslation('orders');
  const id = useId();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) return setError(validationText('validation.required'));
    if (file.size === 0) return setError(t('upload.empty'));
    if (file.size > orderFileLimits.maxBytes) return setError(t('upload.tooLarge'));
    setPending(true);
    try {
      await uploadFile(orderFileUrl(area, order.id, kind), file);
      setFile(null);
      (event.target as HTMLFormElement).reset();
      await queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
      showToast({ variant: 'success', title: t('upload.done', { name: t(`documents.${kind}`) }), duration: 2200 });
    } catch (failure) {
      const refusal = uploadRefusalKey(appErrorOf(failure)?.code, file.size);
      setError(refusal ? t(refusal) : errorText(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-busy={pending}>
      <Field id={id} label={t(`upload.label.${kind}`)} description={t('upload.hint')} error={error ?? undefined}>
        <FileInput accept={orderFileLimits.types.join(',')} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </Field>
      <Button type="submit" variant="outline" disabled={pending}>
        {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <FileUpIcon aria-hidden="true" />}
        {t(`upload.submit.${kind}`)}
      </Button>
    </form>
  );
}

/** A remittance order's report: the last 5 digits of the paying account and the transfer slip. */
export function RemittanceSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const id = useId();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [digits, setDigits] = useState(order.accountDigits ?? '');
  const [error, setError] = useState<string | null>(null);
  const report = useMutation(trpc.orders.reportRemittance.mutationOptions());
  if (order.paymentType !== 'REMITTANCE' || !remittanceReportStatuses.includes(order.status)) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportRemittanceInput.safeParse({ orderId: order.id, accountDigits: digits });
    if (!parsed.success) return setError(validationText(parsed.error.issues[0]?.message));
    setError(null);
    report.mutate(parsed.data, {
      onSuccess: async (saved) => {
        // Full-width digits are stored as ASCII ones: the field shows what was saved.
        setDigits(saved.accountDigits);
        await queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
        showToast({ variant: 'success', title: t('remittance.saved'), duration: 2200 });
      },
      onError: (failure) => setError(appErrorOf(failure)?.fieldErrors?.accountDigits?.[0] ? validationText(appErrorOf(failure)!.fieldErrors!.accountDigits![0]) : errorText(failure)),
    });
  };

  return (
    <Section id="order-remittance" title={t('remittance.title')}>
      <p className="text-sm text-muted-foreground">{t('remittance.lead')}</p>
      <form onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-3" aria-busy={report.isPending}>
        <Field id={id} label={t('remittance.digits')} description={t('remittance.digitsHint')} error={error ?? undefined} className="w-full max-w-xs">
          <Input inputMode="numeric" autoComplete="off" maxLength={5} value={digits} onChange={(event) => setDigits(event.target.value)} />
        </Field>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
          {t('remittance.save')}
        </Button>
      </form>
      <div className="mt-6">
        <OrderFileUpload order={order} area="member" kind="remittance" />
      </div>
    </Section>
  );
}

/** A virtual-account order: the account to pay and its deadline, or word that it is being issued. */
export function VirtualAccountSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  if (order.paymentType !== 'NEWEBPAY_VACC' || order.status === orderStatus.cancelled) return null;
  const account = order.virtualAccount;
  const note = virtualAccountNoteKey(order.status);
  return (
    <Section id="order-virtual-account" title={t('vacc.title')}>
      {account && order.status === orderStatus.failed ? (
        // Closed unpaid: the account no longer takes payments, so it is not shown as one to pay.
        <p className="text-sm text-muted-foreground">{t('vacc.expired')}</p>
      ) : account ? (
        <>
          {note ? <p className="text-sm text-muted-foreground">{t(note)}</p> : null}
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">{t('vacc.bank')}</dt>
              <dd className="mt-0.5 font-mono font-medium">{account.bankCode}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('vacc.account')}</dt>
              <dd className="mt-0.5 font-mono text-lg font-semibold tracking-wider" data-testid="virtual-account">
                {account.account}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('vacc.deadline')}</dt>
              <dd className="mt-0.5 font-medium tabular-nums">{dateTime(account.expiresAt)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('vacc.pending')}</p>
      )}
    </Section>
  );
}
