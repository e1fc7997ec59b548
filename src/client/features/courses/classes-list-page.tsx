import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon, CalendarXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, PageSection } from '@/client/components/layout/page-frame';
import { PageLoading } from '@/client/components/page-loading';
import { buttonVariants } from '@/client/components/ui/button';
import { ErrorAlert } from '@/client/components/alerts';
import { errorText } from '@/client/lib/errors';
import { ShowcaseSection } from '@/client/features/marketing/showcase-section';
import { formatDate } from '@/client/features/content/news-format';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';

const formats = ['size', 'length', 'mode', 'content'] as const;

/** /classes-list: the scheduled classes from the database, how classes work, and how to ask for one. */
export function ClassesListPage() {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  const classes = useQuery(trpc.content.classes.queryOptions());
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
          <ul className="mt-4 divide-y divide-border rounded-lg border border-border bg-card">
            {classes.data.items.map((course) => (
              <li key={`${course.courseId}-${course.startTime.toISOString()}`} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span className="font-medium">{course.name}</span>
                <span className="text-sm text-muted-foreground">
                  {formatDate(course.startTime)} · {tPages('classesList.seats', { count: course.seatsLeft })}
                </span>
              </li>
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
