import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { courseLimits } from '@/shared/courses';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { appErrorOf, errorText } from '@/client/lib/errors';

export interface SlotTimes {
  startTime: Date;
  dueTime: Date;
  endTime: Date;
  enrolleeLimit: number | null;
}

/** A Date as the value of <input type="datetime-local">, in the browser's time zone. */
function localInput(date: Date | undefined): string {
  if (!date) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An empty or unreadable time goes to the server as an invalid date, which its schema refuses on that field. */
function fromInput(value: string): Date {
  return new Date(value);
}

/** Start, registration due, end and seats of a slot, in the staff member's own time zone. */
export function SlotForm({ initial, pending, error, submitLabel, onSubmit }: { initial?: SlotTimes; pending: boolean; error: unknown; submitLabel: string; onSubmit: (times: SlotTimes) => void }) {
  const { t } = useTranslation('courses');
  const [start, setStart] = useState(localInput(initial?.startTime));
  const [due, setDue] = useState(localInput(initial?.dueTime));
  const [end, setEnd] = useState(localInput(initial?.endTime));
  const [limit, setLimit] = useState(initial?.enrolleeLimit ? String(initial.enrolleeLimit) : '');
  const fieldErrors = appErrorOf(error)?.fieldErrors ?? {};
  const fieldError = (name: string) => fieldErrors[name]?.[0] && { message: fieldErrors[name][0] };
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ startTime: fromInput(start), dueTime: fromInput(due), endTime: fromInput(end), enrolleeLimit: limit.trim() === '' ? null : Number(limit) });
      }}
    >
      {error && !appErrorOf(error)?.fieldErrors ? <ErrorAlert title={errorText(error)} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="slot-start" label={t('admin.start')} error={fieldError('startTime')}>
          <Input type="datetime-local" value={start} onChange={(event) => setStart(event.target.value)} />
        </Field>
        <Field id="slot-end" label={t('admin.end')} description={t('admin.endHint')} error={fieldError('endTime')}>
          <Input type="datetime-local" value={end} onChange={(event) => setEnd(event.target.value)} />
        </Field>
        <Field id="slot-due" label={t('admin.dueTime')} error={fieldError('dueTime')}>
          <Input type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} />
        </Field>
        <Field id="slot-limit" label={t('admin.limit')} description={t('admin.limitHint', { max: courseLimits.maxAttendees })} error={fieldError('enrolleeLimit')}>
          <Input type="number" min={1} max={courseLimits.maxAttendees} inputMode="numeric" value={limit} onChange={(event) => setLimit(event.target.value)} />
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
