import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToDecimal, shopLimits, type Coupon } from '@/shared/shop';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { appErrorOf, errorText } from '@/client/lib/errors';

interface FormProps<V> {
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (values: V) => void;
}

/** The first field message of `name` (or of its first element, for a list), as Field takes it. */
function fieldErrorOf(error: unknown, name: string) {
  const fieldErrors = appErrorOf(error)?.fieldErrors ?? {};
  const message = fieldErrors[name]?.[0] ?? Object.entries(fieldErrors).find(([key]) => key.startsWith(`${name}.`))?.[1][0];
  return message ? { message } : undefined;
}

function FormError({ error }: { error: unknown }) {
  return error && !appErrorOf(error)?.fieldErrors ? <ErrorAlert title={errorText(error)} /> : null;
}

export function CouponEditForm({ coupon, ...props }: FormProps<{ amount: string; expiresOn: string }> & { coupon: Coupon }) {
  const { t } = useTranslation('shop');
  const [amount, setAmount] = useState(minorToDecimal(coupon.amountMinor));
  const [expiresOn, setExpiresOn] = useState(coupon.expiresOn ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit({ amount, expiresOn });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('editTitle', { code: coupon.code })} className="space-y-4">
      <FormError error={props.error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`coupon-amount-${coupon.id}`} label={t('amountLabel')} error={fieldErrorOf(props.error, 'amount')}>
          <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </Field>
        <Field id={`coupon-expires-${coupon.id}`} label={t('expiresLabel')} error={fieldErrorOf(props.error, 'expiresOn')}>
          <Input type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.pending}>
          {props.pending ? t('saving') : t('save')}
        </Button>
        <Button type="button" variant="ghost" onClick={props.onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

export function SmartCouponForm(props: FormProps<{ amount: string; emails: string[]; expiresOn: string }>) {
  const { t } = useTranslation('shop');
  const [amount, setAmount] = useState('');
  const [emails, setEmails] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit({ amount, emails: emails.split(/[\s,;]+/).filter(Boolean), expiresOn });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError error={props.error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="smart-coupon-amount" label={t('amountLabel')} error={fieldErrorOf(props.error, 'amount')}>
          <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </Field>
        <Field id="smart-coupon-expires" label={t('expiresLabel')} error={fieldErrorOf(props.error, 'expiresOn')}>
          <Input type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
        </Field>
      </div>
      <Field id="smart-coupon-emails" label={t('emailsLabel')} description={t('emailsHint', { max: shopLimits.maxEmails })} error={fieldErrorOf(props.error, 'emails')}>
        <Textarea rows={4} value={emails} onChange={(event) => setEmails(event.target.value)} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.pending}>
          {props.pending ? t('saving') : t('create')}
        </Button>
        <Button type="button" variant="ghost" onClick={props.onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
