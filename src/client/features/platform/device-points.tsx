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
import { notEnoughPointsText } from '@/client/features/points/transfer-refusal';
import { trpc } from '@/client/trpc';
import { type DevicePoints } from '@/shared/platform';
import { formatPoints, projectType } from '@/shared/points';

const mPoints = (types: DevicePoints['account']) => types.find((figure) => figure.projectType === projectType.mPoint)?.remaining ?? 0;

/** The M Points left on a bound device (tenths; 0 until known), as the device-points query has them. */
export function useDeviceRemaining(platformId: string): number {
  const points = useQuery(trpc.platform.devices.points.queryOptions());
  const device = points.data?.devices.find((candidate) => candidate.platformId === platformId);
  return device ? mPoints(device.types) : 0;
}

/** The points on one bound device and the form that moves M Points to it from the enterprise account. */
export function DevicePointsPanel({ platformId, name }: { platformId: string; name: string }) {
  const { t } = useTranslation('platform');
  const points = useQuery(trpc.platform.devices.points.queryOptions());
  const [open, setOpen] = useState(false);
  const device = points.data?.devices.find((candidate) => candidate.platformId === platformId);
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
        {!open ? (
          <Button ref={moveButton} variant="outline" size="sm" onClick={() => setOpen(true)} disabled={!points.data}>
            <ArrowRightIcon aria-hidden="true" />
            {t('devices.points.move')}
          </Button>
        ) : null}
      </div>
      {open && points.data ? <MoveForm platformId={platformId} name={name} available={mPoints(points.data.account)} onClose={close} /> : null}
    </div>
  );
}

function MoveForm({ platformId, name, available, onClose }: { platformId: string; name: string; available: number; onClose: () => void }) {
  // The points namespace too: a refusal for want of points is said in its words (notEnoughPointsText).
  const { t } = useTranslation(['platform', 'points']);
  const amountId = useId();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [amount, setAmount] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const transfer = useMutation(
    trpc.platform.devices.transfer.mutationOptions({
      onSuccess: async (_result, variables) => {
        showToast({ variant: 'success', title: t('devices.points.done', { points: variables.transferList[0]!.points, name }), duration: 2200 });
        onClose();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.platform.devices.points.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.points.balance.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.points.transferRecords.queryKey() }),
          refreshLowBalance(queryClient),
        ]);
      },
      onError: setFailure,
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // The server checks every rule; the number goes as typed so a wrong amount gets the catalogue's message.
    transfer.mutate({ platformId, transferList: [{ projectType: projectType.mPoint, points: amount.trim() === '' ? Number.NaN : Number(amount) }] });
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" aria-busy={transfer.isPending}>
      <Field id={amountId} label={t('devices.points.amount')} description={t('devices.points.available', { points: formatPoints(available) })} className="min-w-0 flex-1">
        <Input type="number" inputMode="numeric" min={1} step={1} value={amount} onChange={(event) => setAmount(event.target.value)} autoFocus />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={transfer.isPending}>
          {transfer.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {t('devices.points.submit')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose}>
          {t('devices.cancel')}
        </Button>
      </div>
      {failure ? (
        <div className="sm:basis-full">
          <ErrorAlert title={deviceRefusal(failure) ?? notEnoughPointsText(failure) ?? errorText(failure)} />
        </div>
      ) : null}
    </form>
  );
}

/** A refusal of the device itself (its id names an account, not a device) reads as that field's message. */
function deviceRefusal(error: unknown): string | undefined {
  const message = appErrorOf(error)?.fieldErrors?.platformId?.[0];
  return message ? validationText(message) : undefined;
}
