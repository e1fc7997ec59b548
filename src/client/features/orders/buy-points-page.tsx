import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlertIcon, LoaderCircleIcon, ShoppingCartIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { RefusalAlert } from '@/client/features/auth/refusal-alert';
import { appErrorOf, errorText, validationText } from '@/client/lib/errors';
import { memberOrderPath, paths } from '@/client/paths';
import { currentLanguage } from '@/client/i18n';
import { trpc } from '@/client/trpc';
import { invoiceType, type InvoiceTypeCode, type MemberPaymentType, type PlaceOrderForm } from '@/shared/orders';
import { fromPlacedOrder } from './order-arrival';
import { PlacedOrder } from './placed-order';
import { isIos, money, points } from './order-format';

/** Seconds before the member is taken to the new order (spec section 2: a countdown whose number is not shown). */
const REDIRECT_SECONDS = 4;

/** /management-center/buy-points: choose plans and quantities, the invoice and the payment; the server computes the total. */
export function BuyPointsPage() {
  const { t } = useTranslation('orders');
  const profile = useQuery(trpc.accounts.profile.queryOptions());
  const packages = useQuery(trpc.packages.onSale.queryOptions());
  // A virtual account is offered only where the server can issue one.
  const paymentTypes = useQuery(trpc.orders.paymentTypes.queryOptions());
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('buy.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('buy.lead')}</p>
      </header>
      <PurchaseSteps />
      {isIos() ? <ErrorAlert title={t('buy.ios')} /> : null}
      {profile.isError ? <RefusalAlert error={profile.error} /> : null}
      {packages.isError ? <RefusalAlert error={packages.error} /> : null}
      {paymentTypes.isError ? <RefusalAlert error={paymentTypes.error} /> : null}
      {profile.data && !profile.data.complete ? (
        <Alert role="status">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{t('buy.incomplete')}</AlertTitle>
          <AlertDescription>
            <p>{t('buy.incompleteBody')}</p>
            <Link to={paths.memberProfile} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
              {t('buy.completeProfile')}
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}
      {profile.data?.complete && packages.data && paymentTypes.data && !isIos() ? (
        packages.data.length > 0 ? (
          <PurchaseForm packages={packages.data} paymentTypes={paymentTypes.data.paymentTypes} defaultCompany={{ name: profile.data.group.companyName, taxId: profile.data.group.taxId }} />
        ) : (
          <p className="text-muted-foreground">{t('buy.noPlans')}</p>
        )
      ) : null}
    </div>
  );
}

function PurchaseSteps() {
  const { t } = useTranslation('orders');
  const steps = ['download', 'sign', 'remit', 'confirm', 'grant'] as const;
  return (
    <section aria-labelledby="purchase-steps" className="rounded-lg border border-border bg-muted/40 p-4 sm:p-5">
      <h2 id="purchase-steps" className="font-semibold">{t('buy.steps.title')}</h2>
      <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        {steps.map((step) => (
          <li key={step}>{t(`buy.steps.${step}`)}</li>
        ))}
      </ol>
    </section>
  );
}

type Package = Awaited<ReturnType<typeof import('@/client/trpc').trpcClient.packages.onSale.query>>[number];

function PurchaseForm({ packages, paymentTypes, defaultCompany }: { packages: Package[]; paymentTypes: MemberPaymentType[]; defaultCompany: { name: string; taxId: string } }) {
  const { t } = useTranslation('orders');
  const formId = useId();
  const navigate = useNavigate();
  const language = currentLanguage();
  const [quantities, setQuantities] = useState<Record<number, string>>(() => Object.fromEntries(packages.map((row, index) => [row.id, index === 0 ? '1' : '0'])));
  const [invoice, setInvoice] = useState<InvoiceTypeCode>(invoiceType.company);
  const [companyName, setCompanyName] = useState(defaultCompany.name);
  const [taxId, setTaxId] = useState(defaultCompany.taxId);
  const [payment, setPayment] = useState<MemberPaymentType>(paymentTypes[0] ?? 'REMITTANCE');
  const [remark, setRemark] = useState('');
  // One key per purchase attempt: a double click or a retried request places one order.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const place = useMutation(trpc.orders.place.mutationOptions());
  const placedId = place.data?.orderId;

  useEffect(() => {
    if (!placedId) return;
    const timer = window.setTimeout(() => void navigate(memberOrderPath(placedId), { state: fromPlacedOrder }), REDIRECT_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [placedId, navigate]);

  const chosen = packages.map((row) => ({ row, quantity: Number(quantities[row.id] ?? 0) })).filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
  const estimate = useMemo(
    () => ({
      totalMinor: chosen.reduce((sum, line) => sum + line.row.priceMinor * line.quantity, 0),
      pointsTenths: chosen.reduce((sum, line) => sum + line.row.pointsTenths * line.quantity, 0),
    }),
    [chosen],
  );
  const fieldErrors = appErrorOf(place.error)?.fieldErrors ?? {};
  const fieldError = (name: string) => (fieldErrors[name]?.[0] ? validationText(fieldErrors[name][0]) : undefined);
  const itemsError = Object.entries(fieldErrors).find(([name]) => name === 'items' || name.startsWith('items.'))?.[1][0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (place.isPending || placedId) return;
    const form: PlaceOrderForm = {
      // Only the chosen lines: the number of plans on sale is no limit on an order.
      items: packages.map((row) => ({ packageId: row.id, quantity: Number(quantities[row.id] ?? 0) })).filter((item) => item.quantity !== 0),
      paymentType: payment,
      invoiceType: invoice,
      invoiceCompanyName: companyName,
      invoiceTaxId: taxId,
      remark,
      idempotencyKey,
    };
    place.mutate(form, { onError: (error) => (appErrorOf(error)?.code === 'InvalidInput' ? setIdempotencyKey(crypto.randomUUID()) : undefined) });
  };

  if (placedId) return <PlacedOrder orderId={placedId} />;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[1fr_18rem]" aria-describedby={place.isError ? `${formId}-failure` : undefined}>
      <div className="space-y-6">
        <fieldset className="rounded-lg border border-border bg-card p-5">
          <legend className="px-1 text-lg font-semibold">{t('buy.plansTitle')}</legend>
          <ul className="mt-2 space-y-4">
            {packages.map((row) => {
              const name = row.names[language];
              return (
                <li key={row.id} className="flex flex-wrap items-end justify-between gap-3 border-b border-border pb-4 last:border-b-0 last:pb-0">
                  <div className="min-w-0">
                    <p className="font-medium">{name}</p>
                    <p className="text-sm text-muted-foreground">
                      {t('buy.pointsEach', { points: points(row.pointsTenths) })} · {t('buy.priceEach', { price: money(row.priceMinor) })}
                    </p>
                    {row.bonusTenths > 0 ? <p className="text-sm text-primary">{t('buy.bonus', { points: points(row.bonusTenths), percent: row.bonusPercent })}</p> : null}
                  </div>
                  <Field id={`${formId}-qty-${row.id}`} label={t('buy.quantity', { name })} className="w-40">
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100}
                      step={1}
                      value={quantities[row.id] ?? '0'}
                      onChange={(event) => setQuantities((current) => ({ ...current, [row.id]: event.target.value }))}
                    />
                  </Field>
                </li>
              );
            })}
          </ul>
          {itemsError ? (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {validationText(itemsError)}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="space-y-4 rounded-lg border border-border bg-card p-5">
          <legend className="px-1 text-lg font-semibold">{t('buy.invoiceTitle')}</legend>
          <div className="flex flex-wrap gap-4">
            {[invoiceType.company, invoiceType.personal].map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="invoiceType" value={value} checked={invoice === value} onChange={() => setInvoice(value)} className="size-4 accent-primary" />
                {t(`invoiceType.${value}`)}
              </label>
            ))}
          </div>
          {invoice === invoiceType.company ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${formId}-company`} label={t('buy.invoiceCompanyName')} error={fieldError('invoiceCompanyName')}>
                <Input value={companyName} onChange={(event) => setCompanyName(event.target.value)} autoComplete="organization" aria-required="true" />
              </Field>
              <Field id={`${formId}-taxid`} label={t('buy.invoiceTaxId')} error={fieldError('invoiceTaxId')}>
                <Input value={taxId} onChange={(event) => setTaxId(event.target.value)} inputMode="numeric" maxLength={8} aria-required="true" />
              </Field>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="space-y-3 rounded-lg border border-border bg-card p-5">
          <legend className="px-1 text-lg font-semibold">{t('buy.paymentTitle')}</legend>
          {paymentTypes.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input type="radio" name="paymentType" value={value} checked={payment === value} onChange={() => setPayment(value)} className="mt-0.5 size-4 accent-primary" />
              <span>
                <span className="font-medium">{t(`paymentType.${value}`)}</span>
                <span className="block text-muted-foreground">{t(`buy.paymentHelp.${value}`)}</span>
              </span>
            </label>
          ))}
          {fieldError('paymentType') ? (
            <p role="alert" className="text-sm text-destructive">
              {fieldError('paymentType')}
            </p>
          ) : null}
          <Field id={`${formId}-remark`} label={t('buy.remark')} error={fieldError('remark')}>
            <Input value={remark} onChange={(event) => setRemark(event.target.value)} maxLength={200} />
          </Field>
        </fieldset>
      </div>

      <aside className="h-fit space-y-4 rounded-lg border border-border bg-card p-5 lg:sticky lg:top-20" aria-labelledby={`${formId}-summary`}>
        <h2 id={`${formId}-summary`} className="text-lg font-semibold">
          {t('buy.summaryTitle')}
        </h2>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t('buy.totalPoints')}</dt>
            <dd className="font-medium tabular-nums">{points(estimate.pointsTenths)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t('buy.total')}</dt>
            <dd className="font-semibold tabular-nums">{money(estimate.totalMinor)}</dd>
          </div>
        </dl>
        {place.isError ? (
          <div id={`${formId}-failure`}>
            <ErrorAlert title={t('buy.failed')}>{errorText(place.error)}</ErrorAlert>
          </div>
        ) : null}
        <Button type="submit" className="w-full" disabled={place.isPending}>
          {place.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <ShoppingCartIcon aria-hidden="true" />}
          {place.isPending ? t('buy.submitting') : t('buy.submit')}
        </Button>
      </aside>
    </form>
  );
}

