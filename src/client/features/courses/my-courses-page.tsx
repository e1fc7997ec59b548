import { useQuery } from '@tanstack/react-query';
import { CalendarDaysIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyRegistration } from '@/shared/courses';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { errorText } from '@/client/lib/errors';
import { coursePath, paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { viewerTimeZone } from '@/client/lib/time-zone';
import { CancelDialog } from './cancel-dialog';
import { formatSlotTime } from './course-format';
import { useSlotActions } from './use-slot-actions';

/** /management-center/courses: the member's registrations and waitlist places, with cancel and leave. */
export function MyCoursesPage() {
  const { t } = useTranslation('courses');
  const mine = useQuery(trpc.courses.mine.queryOptions());
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('mine.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('mine.lead')}</p>
      {mine.isPending ? (
        <PageLoading />
      ) : mine.isError ? (
        <ErrorAlert title={errorText(mine.error)} className="mt-4" />
      ) : mine.data.items.length === 0 ? (
        <div className="mt-6 flex flex-col items-start gap-3 rounded-lg border border-dashed border-border p-6">
          <CalendarDaysIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <p>{t('mine.empty')}</p>
          <Link to={paths.classesList} className={buttonVariants()}>
            {t('mine.browse')}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-muted-foreground">{viewerTimeZone()}</p>
          <ul className="mt-2 divide-y divide-border rounded-lg border border-border bg-card">
            {mine.data.items.map((item) => (
              <Registration key={item.slotId} item={item} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Registration({ item }: { item: MyRegistration }) {
  const { t } = useTranslation('courses');
  const { cancel, leave } = useSlotActions();
  const [cancelling, setCancelling] = useState(false);
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="my-course">
      <div className="min-w-0">
        <Link to={coursePath(item.courseId)} className="font-medium hover:text-primary hover:underline">
          {item.name}
        </Link>
        <p className="text-sm tabular-nums text-muted-foreground">{formatSlotTime(item.startTime, item.endTime)}</p>
        <p className="break-all text-sm text-muted-foreground">
          {t(`mode.${item.mode}`)}
          {item.mode === 'inPerson' ? ` · ${item.location}` : item.meetingUrl ? ' · ' : ''}
          {item.mode === 'online' && item.meetingUrl ? (
            <a href={item.meetingUrl} target="_blank" rel="noreferrer" className="text-primary underline underline-offset-4">
              {item.meetingUrl}
            </a>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {item.place.kind === 'enrolled' ? (
          <>
            <span className="text-sm font-medium text-success">{t('enrolled')}</span>
            {item.cancellable ? (
              <Button variant="outline" size="sm" onClick={() => setCancelling(true)}>
                {t('cancel')}
              </Button>
            ) : (
              <span className="text-sm text-muted-foreground">{t('mine.started')}</span>
            )}
            <CancelDialog
              slotId={item.slotId}
              courseName={item.name}
              open={cancelling}
              pending={cancel.isPending}
              onClose={() => setCancelling(false)}
              onConfirm={(form) => cancel.mutate(form, { onSuccess: () => setCancelling(false) })}
            />
          </>
        ) : item.place.kind === 'waitlisted' ? (
          <>
            <span className="text-sm font-medium">{t('waitlisted', { position: item.place.position })}</span>
            <Button variant="outline" size="sm" disabled={leave.isPending} onClick={() => leave.mutate({ slotId: item.slotId })}>
              {t('leaveWaitlist')}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
