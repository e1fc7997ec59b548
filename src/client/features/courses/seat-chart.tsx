import { useTranslation } from 'react-i18next';
import type { CourseSlot } from '@/shared/courses';
import { cn } from '@/client/lib/utils';
import { localDateTimeToMinute } from './course-format';

/**
 * Seats taken and free per date, side by side, so the dates can be compared at a glance. The same
 * numbers are in the list above, so the chart is one figure with a text summary for screen readers.
 */
export function SeatChart({ slots, className }: { slots: Array<Pick<CourseSlot, 'id' | 'startTime' | 'seats' | 'enrolled' | 'waitlisted'>>; className?: string }) {
  const { t } = useTranslation('courses');
  const most = Math.max(...slots.map((slot) => slot.seats + slot.waitlisted), 1);
  return (
    <figure className={cn('rounded-lg border border-border bg-card p-4', className)}>
      <figcaption className="font-semibold">{t('seatsChart')}</figcaption>
      <div className="mt-2 flex gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-primary" />
          {t('taken')}
        </span>
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-muted ring-1 ring-border" />
          {t('free')}
        </span>
      </div>
      <ul className="mt-3 space-y-2">
        {slots.map((slot) => {
          const taken = Math.min(slot.enrolled, slot.seats);
          return (
            <li key={slot.id} className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-2 text-sm sm:grid-cols-[9rem_1fr_auto]">
              <span className="tabular-nums text-muted-foreground">{localDateTimeToMinute(slot.startTime)}</span>
              <span className="flex h-4 overflow-hidden rounded-sm bg-muted" style={{ width: `${(slot.seats / most) * 100}%` }} aria-hidden="true">
                <span className="h-full bg-primary" style={{ width: `${(taken / slot.seats) * 100}%` }} />
              </span>
              <span className="tabular-nums">
                {taken}/{slot.seats}
                <span className="sr-only"> {t('taken')}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
