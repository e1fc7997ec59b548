import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, MapPinIcon, MonitorIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { CourseDetail } from '@/shared/courses';
import { ErrorAlert } from '@/client/components/alerts';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { useSession } from '@/client/features/auth/session';
import { errorText } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { viewerTimeZone } from '@/client/lib/time-zone';
import { CancelDialog } from './cancel-dialog';
import { formatSlotTime, localDateTimeToMinute } from './course-format';
import { SeatChart } from './seat-chart';
import { SeatMeter } from './seat-meter';
import { useSlotActions } from './use-slot-actions';

type Slot = CourseDetail['slots'][number];

/** /classes-list/:courseId: a course, its dates with seats left, and registration for a signed-in member. */
export function CoursePage() {
  const { t } = useTranslation('courses');
  const courseId = useParams().courseId ?? '';
  const course = useQuery(trpc.courses.detail.queryOptions({ courseId }));
  if (course.isPending) return <PageLoading />;
  if (course.isError) {
    return (
      <PageSection>
        <ErrorAlert title={errorText(course.error)} />
        <BackLink />
      </PageSection>
    );
  }
  const data = course.data;
  return (
    <>
      <PageHeader title={data.name} eyebrow={<BackLink />}>
        <p className="mt-3 flex items-center gap-2 text-muted-foreground">
          {data.mode === 'online' ? <MonitorIcon className="size-4" aria-hidden="true" /> : <MapPinIcon className="size-4" aria-hidden="true" />}
          {t(`mode.${data.mode}`)}
        </p>
        {data.description ? (
          <p className="mt-3 max-w-3xl whitespace-pre-line text-lg text-muted-foreground" lang={data.language}>
            {data.description}
          </p>
        ) : null}
        <dl className="mt-4 max-w-3xl text-sm">
          {data.mode === 'inPerson' ? (
            <>
              <dt className="font-medium">{t('place')}</dt>
              <dd className="text-muted-foreground">{data.location}</dd>
            </>
          ) : (
            <>
              <dt className="font-medium">{t('meetingLink')}</dt>
              <dd className="break-all text-muted-foreground">
                {data.meetingUrl ? (
                  <a href={data.meetingUrl} className="text-primary underline underline-offset-4" target="_blank" rel="noreferrer">
                    {data.meetingUrl}
                  </a>
                ) : (
                  t('meetingLinkLater')
                )}
              </dd>
            </>
          )}
        </dl>
      </PageHeader>
      <PageSection aria-labelledby="course-slots">
        <h2 id="course-slots" className="text-2xl font-semibold tracking-tight">
          {t('slots')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{viewerTimeZone()}</p>
        {data.slots.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t('noSlots')}</p>
        ) : (
          <>
            <SlotList course={data} />
            <SeatChart slots={data.slots} className="mt-8" />
          </>
        )}
      </PageSection>
    </>
  );
}

function BackLink() {
  const { t } = useTranslation('courses');
  return (
    <Link to={paths.classesList} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('back')}
    </Link>
  );
}

function SlotList({ course }: { course: CourseDetail }) {
  const session = useSession();
  const signedIn = Boolean(session.data?.member);
  return (
    <ul className="mt-4 divide-y divide-border rounded-lg border border-border bg-card">
      {course.slots.map((slot) => (
        <li key={slot.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="course-slot">
          <div>
            <p className="font-medium tabular-nums">{formatSlotTime(slot.startTime, slot.endTime)}</p>
            <SlotDue slot={slot} />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SeatMeter slot={slot} />
            <SlotAction slot={slot} courseName={course.name} signedIn={signedIn} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function SlotDue({ slot }: { slot: Slot }) {
  const { t } = useTranslation('courses');
  return <p className="text-sm text-muted-foreground">{slot.enrollmentOpen ? t('due', { time: localDateTimeToMinute(slot.dueTime) }) : t('enrollmentClosed')}</p>;
}

function SlotAction({ slot, courseName, signedIn }: { slot: Slot; courseName: string; signedIn: boolean }) {
  const { t } = useTranslation('courses');
  const location = useLocation();
  const { register, cancel, leave } = useSlotActions();
  const [cancelling, setCancelling] = useState(false);
  const started = slot.startTime.getTime() <= Date.now();
  if (slot.place.kind === 'enrolled') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-success">{t('enrolled')}</span>
        {started ? null : (
          <Button variant="outline" size="sm" onClick={() => setCancelling(true)}>
            {t('cancel')}
          </Button>
        )}
        <CancelDialog
          slotId={slot.id}
          courseName={courseName}
          open={cancelling}
          pending={cancel.isPending}
          onClose={() => setCancelling(false)}
          onConfirm={(form) => cancel.mutate(form, { onSuccess: () => setCancelling(false) })}
        />
      </div>
    );
  }
  if (slot.place.kind === 'waitlisted') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{t('waitlisted', { position: slot.place.position })}</span>
        <Button variant="outline" size="sm" disabled={leave.isPending} onClick={() => leave.mutate({ slotId: slot.id })}>
          {t('leaveWaitlist')}
        </Button>
      </div>
    );
  }
  if (!slot.enrollmentOpen) return null;
  if (!signedIn) {
    return (
      <Link to={`${paths.login}?next=${encodeURIComponent(location.pathname)}`} className={buttonVariants({ size: 'sm' })} title={t('signInHint')}>
        {t('signInToRegister')}
      </Link>
    );
  }
  const full = slot.seatsLeft === 0;
  return (
    <Button size="sm" variant={full ? 'secondary' : 'default'} disabled={register.isPending} onClick={() => register.mutate({ slotId: slot.id, whenFull: full ? 'waitlist' : 'refuse' })}>
      {full ? t('joinWaitlist') : t('register')}
    </Button>
  );
}
