import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRightIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { useToast } from '@/client/components/ui/toast';
import { appErrorOf, errorText, validationText } from '@/client/lib/errors';
import { refreshLowBalance } from '@/client/features/points/low-balance-banner';
import { PointsNotRetrieved } from '@/client/features/points/points-not-retrieved';
import { amountRefusalText } from '@/client/features/points/transfer-refusal';
import { trpc } from '@/client/trpc';
import { type DevicePoints } from '@/shared/platform';
import { formatPoints, projectType } from '@/shared/points';
import { requiredMessage } from '@/shared/text';

const mPoints = (types: DevicePoints['account']) => types.find((figure) => figure.projectType === projectType.mPoint)?.remaining ?? 0;

/** The M Points left on a bound device (tenths; 0 until known), as the device-points query has them. */
export function useDeviceRemaining(platformId: string): number {
  const points = useQuery(trpc.platform.devices.points.queryOptions());
  const device = points.data?.devices.find((candidate) => candidate.platformId === platformId);
  return device ? mPoints(device.types) : 0;
}

/**
 * Said once above the device list when the platform could not be read: every figure shows zero and
 * no device offers to move points (issue 9 part 4).
 */
export function DevicePointsNotice() {
  const points = useQuery(trpc.platform.devices.points.queryOptions());
  if (points.data?.retrieved !== false) return null;
  return <PointsNotRetrieved onRetry={() => void points.refetch()} retrying={points.isFetching} />;
}

/** The points on one bound device and the form that moves M Points to it from the enterprise account. */
export function DevicePointsPanel({ platformId, name }: { platformId: string; name: string }) {
  const { t } = useTranslation('platform');
  const points = useQuery(trpc.platform.devices.points.queryOptions());
  const [open, setOpen] = useState(false);
  const device = points.data?.devices.find((candidate) => candidate.platformId === platformId);
  // Only figures read from the platform are offered: unread, they are zeros, not what may be moved.
  const movable = points.data?.retrieved === true;
  // The form goes when it closes (moved or cancelled): focus goes back to the button that opened it, not to the page's start.
  const moveButton = useRef<HTMLButtonElement>(null);
  const closing = useRef(false);
  useEffect(() => {
    if (open || !closing.current) return;
    closing.current = false;
    moveButton.current?.focus();
  }, [open]);
  const close = () => {
    closing.current = true;
    setOpen(false);
  };
  return (
    <div className="rounded-md bg-muted/60 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" data-testid="device-points">
          {/* A dash until the figures arrive: 0.0 would read as an empty device. */}
          {t('devices.points.onDevice', { points: device ? formatPoints(mPoints(device.types)) : '–' })}
        </p>
        {!open && points.data?.retrieved !== false ? (
          <Button ref={moveButton} variant="outline" size="sm" onClick={() => setOpen(true)} disabled={!movable}>
            <ArrowRightIcon aria-hidden="true" />
            {t('devices.points.move')}
          </Button>
        ) : null}
      </div>
      {open && movable ? <MoveForm platformId={platformId} name={name} available={mPoints(points.data!.account)} onClose={close} /> : null}
    </div>
  );
}

function MoveForm({ platformId, name, available, onClose }: { platformId: string; name: string; available: number; onClose: () => void }) {
  const { t } = useTranslation('platform');
  const amountId = useId();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [amount, setAmount] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  /** The amount's own message, translated: empty, or what the server said of the points (as on /point-transfer). */
  const [amountError, setAmountError] = useState<string | undefined>(undefined);
  const amountInput = useRef<HTMLInputElement>(null);
  const transfer = useMutation(
    trpc.platform.devices.transfer.mutationOptions({
      onSuccess: async (_result, variables) => {
        showToast({ variant: 'success', title: t('devices.points.done', { count: variables.transferList[0]!.points, name }), duration: 2200 });
        onClose();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.platform.devices.points.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.points.balance.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.points.transferRecords.queryKey() }),
          refreshLowBalance(queryClient),
        ]);
      },
      onError: (error) => {
        // A refused number, or more points than the account holds, is the amount field's message.
        const message = amountRefusalText(error);
        setAmountError(message);
        setFailure(message ? null : error);
        if (message) amountInput.current?.focus();
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (amount.trim() === '') {
      setAmountError(validationText(requiredMessage));
      amountInput.current?.focus();
      return;
    }
    setAmountError(undefined);
    // The server checks every rule; the number goes as typed so a wrong amount gets the catalogue's message.
    transfer.mutate({ platformId, transferList: [{ projectType: projectType.mPoint, points: Number(amount) }] });
  }
  // The field keeps its width and the buttons their row whatever the messages: each message goes under what it is about.
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3" aria-busy={transfer.isPending}>
      <Field id={amountId} label={t('devices.points.amount')} description={t('devices.points.available', { points: formatPoints(available) })} error={amountError} className="w-full sm:max-w-sm">
        <Input ref={amountInput} type="number" inputMode="numeric" min={1} step={1} value={amount} onChange={(event) => setAmount(event.target.value)} autoFocus />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={transfer.isPending}>
          {transfer.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('devices.points.submit')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose}>
          {t('devices.cancel')}
        </Button>
      </div>
      {failure ? <ErrorAlert title={deviceRefusal(failure) ?? errorText(failure)} /> : null}
    </form>
  );
}

/** A refusal of the device itself (its id names an account, not a device) reads as that field's message. */
function deviceRefusal(error: unknown): string | undefined {
  const message = appErrorOf(error)?.fieldErrors?.platformId?.[0];
  return message ? validationText(message) : undefined;
}
