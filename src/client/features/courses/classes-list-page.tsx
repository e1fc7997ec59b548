import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon, CalendarXIcon, MapPinIcon, MonitorIcon } from 'lucide-react';
import type { ClassListItem } from '@/shared/courses';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { PageLoading } from '@/client/components/page-loading';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { ErrorAlert } from '@/client/components/alerts';
import { errorText } from '@/client/lib/errors';
import { ShowcaseSection } from '@/client/features/marketing/showcase-section';
import { coursePath, paths } from '@/client/paths';
import { formatSlotTime } from './course-format';
import { SeatMeter } from './seat-meter';
import { trpc } from '@/client/trpc';

const formats = ['size', 'length', 'mode', 'content'] as const;

/** /classes-list: the scheduled classes from the database, how classes work, and how to ask for one. */
function CourseCard({ course }: { course: ClassListItem }) {
  const { t } = useTranslation('courses');
  const headingId = `course-${course.courseId}`;
  return (
    <li className="flex flex-col rounded-lg border border-border bg-card p-5 shadow-xs" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        {course.mode === 'online' ? <MonitorIcon className="size-4" aria-hidden="true" /> : <MapPinIcon className="size-4" aria-hidden="true" />}
        <span>{t(`mode.${course.mode}`)}</span>
        {course.mode === 'inPerson' && course.location ? <span className="truncate">· {course.location}</span> : null}
      </div>
      <h3 id={headingId} className="mt-2 text-lg font-semibold" lang={course.language}>
        <Link to={coursePath(course.courseId)} className="hover:text-primary hover:underline underline-offset-4">
          {course.name}
        </Link>
      </h3>
      {course.description ? (
        <p className="mt-1 line-clamp-2 text-sm text-muted-foreground" lang={course.language}>
          {course.description}
        </p>
      ) : null}
      <ul className="mt-4 space-y-3">
        {course.slots.slice(0, 3).map((slot) => (
          <li key={slot.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <span className="text-sm font-medium tabular-nums">{formatSlotTime(slot.startTime, slot.endTime)}</span>
            {slot.enrollmentOpen ? <SeatMeter slot={slot} /> : <span className="text-sm text-muted-foreground">{t('enrollmentClosed')}</span>}
          </li>
        ))}
      </ul>
      <Link to={coursePath(course.courseId)} className={buttonVariants({ variant: 'outline', className: 'mt-5 self-start' })}>
        {t('details')}
        {course.slots.length > 3 ? ` (${t('slotCount', { count: course.slots.length })})` : ''}
        <ArrowRightIcon aria-hidden="true" />
      </Link>
    </li>
  );
}

export function ClassesListPage() {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  const classes = useQuery(trpc.courses.classes.queryOptions());
  return (
    <>
      <PageHeader title={t('pages.classesList')} lead={tPages('classesList.lead')}>
        <p className="mt-3 max-w-3xl text-muted-foreground">{tPages('classesList.body')}</p>
      </PageHeader>
      <PageSection aria-labelledby="classes-upcoming">
        <h2 id="classes-upcoming" className="text-2xl font-semibold tracking-tight">
          {tPages('classesList.upcoming')}
        </h2>
        {classes.isPending ? (
          <PageLoading />
        ) : classes.isError ? (
          <ErrorAlert title={errorText(classes.error)} className="mt-4" />
        ) : classes.data.items.length === 0 ? (
          <div className="mt-4 flex flex-col items-start gap-4 rounded-lg border border-dashed border-border p-6 sm:flex-row">
            <CalendarXIcon className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">{tPages('classesList.empty.title')}</h3>
              <p className="mt-1 text-muted-foreground">{tPages('classesList.empty.body')}</p>
              <Link to={`${paths.support}#contact`} className={buttonVariants({ className: 'mt-4' })}>
                {tPages('classesList.action')}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </div>
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {classes.data.items.map((course) => (
              <CourseCard key={course.courseId} course={course} />
            ))}
          </ul>
        )}
      </PageSection>
      <PageSection className="pt-0">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {formats.map((format) => (
            <li key={format} className="rounded-lg border border-border bg-card p-5 shadow-xs">
              <h2 className="font-semibold">{tPages(`classesList.formats.${format}.title`)}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{tPages(`classesList.formats.${format}.body`)}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <ShowcaseSection />
    </>
  );
}
