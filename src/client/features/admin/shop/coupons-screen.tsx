import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/money';
import { minorToDecimal, type Coupon } from '@/shared/shop';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Pager } from '@/client/components/ui/pager';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { currentLanguage } from '@/client/i18n';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { CouponEditForm, SmartCouponForm } from './coupon-forms';

/** The shop's coupons (points_management): list, change an amount or expiry, create a store-credit coupon for named customers. */
export function CouponsScreen() {
  const { t } = useTranslation('shop');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | undefined>();
  const [creating, setCreating] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const coupons = useQuery({ ...trpc.shop.coupons.queryOptions({ page }), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.shop.coupons.pathKey() });
  const update = useMutation(
    trpc.shop.updateCoupon.mutationOptions({
      onSuccess: (coupon) => {
        setEditing(undefined);
        setDone(t('saved', { code: coupon.code }));
        refresh();
      },
    }),
  );
  const create = useMutation(
    trpc.shop.createSmartCoupon.mutationOptions({
      onSuccess: (coupon) => {
        setCreating(false);
        setDone(t('created', { code: coupon.code }));
        setPage(1);
        refresh();
      },
    }),
  );
  const amountText = (coupon: Coupon) => (coupon.discountType === 'percent' ? t('percentAmount', { amount: minorToDecimal(coupon.amountMinor) }) : formatMoney(coupon.amountMinor, currentLanguage()));
  const pages = coupons.data?.totalPages ?? 1;
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('title')}
        lead={t('lead')}
        actions={
          <Button onClick={() => setCreating(!creating)} aria-expanded={creating}>
            <PlusIcon aria-hidden="true" />
            {t('new')}
          </Button>
        }
      />
      {coupons.data?.emulated ? <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">{t('emulated')}</p> : null}
      {done ? <SuccessAlert title={done} /> : null}
      {creating ? (
        <section aria-labelledby="new-coupon" className="rounded-lg border border-border bg-card p-4 sm:p-6">
          <h2 id="new-coupon" className="text-lg font-semibold">
            {t('newTitle')}
          </h2>
          <p className="mb-4 text-sm text-muted-foreground">{t('newLead')}</p>
          <SmartCouponForm pending={create.isPending} error={create.error} onCancel={() => setCreating(false)} onSubmit={(values) => create.mutate(values)} />
        </section>
      ) : null}
      {coupons.isPending ? (
        <PageLoading />
      ) : coupons.isError ? (
        <ErrorAlert title={errorText(coupons.error)} />
      ) : coupons.data.items.length === 0 ? (
        <p className="rounded-lg border border-border bg-card py-10 text-center text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <Table label={t('title')} className="min-w-[720px]">
          <TableHeader>
            <TableRow>
              <TableHead>{t('code')}</TableHead>
              <TableHead>{t('type')}</TableHead>
              <TableHead align="right">{t('amount')}</TableHead>
              <TableHead>{t('restrictions')}</TableHead>
              <TableHead>{t('expires')}</TableHead>
              <TableHead align="right">{t('used')}</TableHead>
              <TableHead>{t('actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <tbody>
            {coupons.data.items.map((coupon) => (
              <CouponRow
                key={coupon.id}
                coupon={coupon}
                amount={amountText(coupon)}
                editing={editing === coupon.id}
                onEdit={() => {
                  update.reset();
                  setEditing(editing === coupon.id ? undefined : coupon.id);
                }}
                edit={<CouponEditForm coupon={coupon} pending={update.isPending} error={update.error} onCancel={() => setEditing(undefined)} onSubmit={(values) => update.mutate({ couponId: coupon.id, ...values })} />}
              />
            ))}
          </tbody>
        </Table>
      )}
      <Pager page={page} pages={pages} onPage={setPage} labels={{ page: t('page', { page, pages }), previous: t('previous'), next: t('next') }} />
    </div>
  );
}

function CouponRow({ coupon, amount, editing, onEdit, edit }: { coupon: Coupon; amount: string; editing: boolean; onEdit: () => void; edit: React.ReactNode }) {
  const { t } = useTranslation('shop');
  const typeName = (t('types', { returnObjects: true }) as Record<string, string>)[coupon.discountType] ?? coupon.discountType;
  return (
    <>
      <TableRow>
        <TableCell className="font-mono text-xs">{coupon.code}</TableCell>
        <TableCell>{typeName}</TableCell>
        <TableCell className="text-right tabular-nums">{amount}</TableCell>
        <TableCell className="break-all">{coupon.emailRestrictions.length > 0 ? coupon.emailRestrictions.join(', ') : t('anyone')}</TableCell>
        <TableCell className="whitespace-nowrap tabular-nums">{coupon.expiresOn ?? t('noExpiry')}</TableCell>
        <TableCell className="text-right tabular-nums">{coupon.usageCount}</TableCell>
        <TableCell>
          <Button variant="outline" size="sm" onClick={onEdit} aria-expanded={editing} aria-label={t('editTitle', { code: coupon.code })}>
            {t('edit')}
          </Button>
        </TableCell>
      </TableRow>
      {editing ? (
        <TableRow>
          <TableCell colSpan={7} className="bg-muted/40 py-4">
            {edit}
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
