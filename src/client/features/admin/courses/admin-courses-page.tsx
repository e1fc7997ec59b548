import { useMutation, useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AdminCourse } from '@/shared/courses';
import { ErrorAlert } from '@/client/components/alerts';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { SeatChart } from '@/client/features/courses/seat-chart';
import { currentLanguage } from '@/client/i18n';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { CourseForm, emptyCourse } from './course-form';
import { adminCoursePath } from './admin-course-paths';

function courseName(course: AdminCourse): string {
  return course.translations[currentLanguage()]?.name ?? course.translations['zh-TW'].name;
}

/** The back office's course list (manage_course): every course with its dates and seats, a seat chart of upcoming dates, and a new-course form. */
export function AdminCoursesPage() {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const courses = useQuery(trpc.courses.admin.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const create = useMutation(
    trpc.courses.admin.create.mutationOptions({
      onSuccess: (course) => {
        void queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
        void navigate(adminCoursePath(course.courseId));
      },
    }),
  );
  const now = Date.now();
  const upcoming = (courses.data?.items ?? []).flatMap((course) => course.slots.filter((slot) => slot.endTime.getTime() > now));
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('admin.title')}
        lead={t('admin.lead')}
        actions={
          <Button onClick={() => setCreating(!creating)} aria-expanded={creating}>
            <PlusIcon aria-hidden="true" />
            {t('admin.newCourse')}
          </Button>
        }
      />
      {creating ? (
        <section aria-labelledby="new-course" className="rounded-lg border border-border bg-card p-4">
          <h2 id="new-course" className="mb-4 text-lg font-semibold">
            {t('admin.newCourse')}
          </h2>
          <CourseForm initial={emptyCourse()} editing={false} pending={create.isPending} error={create.error} onSubmit={({ status: _status, ...values }) => create.mutate(values)} />
        </section>
      ) : null}
      {courses.isPending ? (
        <PageLoading />
      ) : courses.isError ? (
        <ErrorAlert title={errorText(courses.error)} />
      ) : (
        <>
          <Table label={t('admin.title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('admin.courseId')}</TableHead>
                <TableHead>{t('admin.name')}</TableHead>
                <TableHead>{t('admin.mode')}</TableHead>
                <TableHead>{t('admin.status')}</TableHead>
                <TableHead align="right">{t('slots')}</TableHead>
                <TableHead align="right">{t('taken')}</TableHead>
              </TableRow>
            </TableHeader>
            <tbody>
              {courses.data.items.map((course) => (
                <TableRow key={course.courseId}>
                  <TableCell className="tabular-nums">{course.courseId}</TableCell>
                  <TableCell>
                    <Link to={adminCoursePath(course.courseId)} className="font-medium text-primary hover:underline">
                      {courseName(course)}
                    </Link>
                  </TableCell>
                  <TableCell>{t(`mode.${course.mode}`)}</TableCell>
                  <TableCell>{course.status === 0 ? t('admin.statusOpen') : t('admin.statusArchived')}</TableCell>
                  <TableCell className="text-right tabular-nums">{course.slots.length}</TableCell>
                  <TableCell className="text-right tabular-nums">{course.slots.reduce((sum, slot) => sum + slot.enrolled, 0)}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
          {upcoming.length > 0 ? <SeatChart slots={upcoming.sort((a, b) => a.startTime.getTime() - b.startTime.getTime())} /> : null}
        </>
      )}
    </div>
  );
}
