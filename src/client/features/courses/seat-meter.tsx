import { useTranslation } from 'react-i18next';
import type { CourseSlot } from '@/shared/courses';
import { cn } from '@/client/lib/utils';

/** Seats taken and free as a bar, with the numbers in words beside it (the bar is decoration for screen readers). */
export function SeatMeter({ slot, className }: { slot: Pick<CourseSlot, 'seats' | 'enrolled' | 'seatsLeft' | 'waitlisted'>; className?: string }) {
  const { t } = useTranslation('courses');
  const taken = Math.min(slot.enrolled, slot.seats);
  return (
    <div className={cn('min-w-40', className)}>
      <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full bg-muted">
        <div className={cn('h-full', slot.seatsLeft === 0 ? 'bg-destructive' : 'bg-primary')} style={{ width: `${(taken / slot.seats) * 100}%` }} />
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {slot.seatsLeft === 0 ? t('full') : t('seatsLeft', { count: slot.seatsLeft, seats: slot.seats })}
        {slot.waitlisted > 0 ? ` · ${t('waitlistCount', { count: slot.waitlisted })}` : ''}
      </p>
    </div>
  );
}
