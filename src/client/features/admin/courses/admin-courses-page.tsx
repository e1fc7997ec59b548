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
          <div className="overflow-x-auto rounded-lg border border-border bg-card">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.title')}</caption>
              <thead className="bg-muted text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{t('admin.courseId')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('admin.name')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('admin.mode')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('admin.status')}</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">{t('slots')}</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">{t('taken')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {courses.data.items.map((course) => (
                  <tr key={course.courseId}>
                    <td className="px-3 py-2 tabular-nums">{course.courseId}</td>
                    <td className="px-3 py-2">
                      <Link to={adminCoursePath(course.courseId)} className="font-medium text-primary hover:underline">
                        {courseName(course)}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{t(`mode.${course.mode}`)}</td>
                    <td className="px-3 py-2">{course.status === 0 ? t('admin.statusOpen') : t('admin.statusArchived')}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{course.slots.length}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{course.slots.reduce((sum, slot) => sum + slot.enrolled, 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {upcoming.length > 0 ? <SeatChart slots={upcoming.sort((a, b) => a.startTime.getTime() - b.startTime.getTime())} /> : null}
        </>
      )}
    </div>
  );
}
