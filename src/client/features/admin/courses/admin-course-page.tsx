import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { courseTimeStatus, type AdminCourse } from '@/shared/courses';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { useToast } from '@/client/components/ui/toast';
import { formatSlotTime, localDateTimeToMinute } from '@/client/features/courses/course-format';
import { SeatMeter } from '@/client/features/courses/seat-meter';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { adminCoursesPath } from './admin-course-paths';
import { CourseForm, courseValues } from './course-form';
import { EnrolleesPanel } from './enrollees-panel';
import { SlotForm } from './slot-form';

const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });

/** One course in the back office: its texts and place, its dates (add, change, close), and each date's enrollees. */
export function AdminCoursePage() {
  const { t } = useTranslation('courses');
  const courseId = useParams().courseId ?? '';
  const course = useQuery(trpc.courses.admin.get.queryOptions({ courseId }));
  const showToast = useToast();
  const update = useMutation(trpc.courses.admin.update.mutationOptions({ onSuccess: () => showToast({ title: t('admin.saved'), variant: 'success', duration: 4000 }), onSettled: refresh }));
  const addSlot = useMutation(trpc.courses.admin.addSlot.mutationOptions({ onSuccess: () => showToast({ title: t('admin.slotAdded'), variant: 'success', duration: 4000 }), onSettled: refresh }));
  const [slotFormKey, setSlotFormKey] = useState(0);
  if (course.isPending) return <PageLoading />;
  if (course.isError) return <ErrorAlert title={errorText(course.error)} />;
  const data = course.data;
  return (
    <div className="space-y-8">
      <div>
        <Link to={adminCoursesPath} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {t('admin.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">
          {data.translations['zh-TW'].name} <span className="text-base font-normal text-muted-foreground tabular-nums">{data.courseId}</span>
        </h1>
      </div>
      <section aria-labelledby="course-slots-heading" className="space-y-4">
        <h2 id="course-slots-heading" className="text-lg font-semibold">
          {t('slots')}
        </h2>
        <SlotTable course={data} />
        <div className="rounded-lg border border-border bg-card p-4">
          <h3 className="mb-3 font-semibold">{t('admin.addSlot')}</h3>
          <SlotForm
            key={slotFormKey}
            pending={addSlot.isPending}
            error={addSlot.error}
            submitLabel={t('admin.addSlot')}
            onSubmit={(times) => addSlot.mutate({ courseId: data.courseId, ...times }, { onSuccess: () => setSlotFormKey((key) => key + 1) })}
          />
        </div>
      </section>
      <section aria-labelledby="course-details-heading" className="space-y-4">
        <h2 id="course-details-heading" className="text-lg font-semibold">
          {t('admin.details')}
        </h2>
        <CourseForm key={data.modifiedAt.toISOString()} initial={courseValues(data)} editing pending={update.isPending} error={update.error} onSubmit={(values) => update.mutate(values)} />
      </section>
    </div>
  );
}

function SlotTable({ course }: { course: AdminCourse }) {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState<{ slotId: string; view: 'enrollees' | 'edit' } | null>(null);
  const showToast = useToast();
  const setStatus = useMutation(trpc.courses.admin.setSlotStatus.mutationOptions({ onError: (error) => showToast({ title: errorText(error), variant: 'destructive' }), onSettled: refresh }));
  const updateSlot = useMutation(
    trpc.courses.admin.updateSlot.mutationOptions({
      onSuccess: () => {
        setOpen(null);
        showToast({ title: t('admin.saved'), variant: 'success', duration: 4000 });
      },
      onSettled: refresh,
    }),
  );
  if (course.slots.length === 0) return <p className="text-muted-foreground">{t('admin.noSlots')}</p>;
  return (
    <ul className="space-y-3">
      {course.slots.map((slot) => (
        <li key={slot.id} className="rounded-lg border border-border bg-card p-4" data-testid="admin-slot">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <div>
              <p className="font-medium tabular-nums">{formatSlotTime(slot.startTime, slot.endTime)}</p>
              <p className="text-sm text-muted-foreground">
                {t('due', { time: localDateTimeToMinute(slot.dueTime) })} · {slot.status === courseTimeStatus.closed ? t('admin.closed') : t('admin.open')}
              </p>
            </div>
            <SeatMeter slot={slot} />
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" aria-expanded={open?.slotId === slot.id && open.view === 'enrollees'} onClick={() => setOpen(open?.slotId === slot.id && open.view === 'enrollees' ? null : { slotId: slot.id, view: 'enrollees' })}>
                {t('admin.enrollees')}
              </Button>
              <Button variant="outline" size="sm" aria-expanded={open?.slotId === slot.id && open.view === 'edit'} onClick={() => setOpen(open?.slotId === slot.id && open.view === 'edit' ? null : { slotId: slot.id, view: 'edit' })}>
                {t('admin.editSlot')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ slotId: slot.id, status: slot.status === courseTimeStatus.open ? courseTimeStatus.closed : courseTimeStatus.open })}
              >
                {slot.status === courseTimeStatus.open ? t('admin.closeSlot') : t('admin.reopenSlot')}
              </Button>
            </div>
          </div>
          {open?.slotId === slot.id && open.view === 'enrollees' ? (
            <div className="mt-4">
              <EnrolleesPanel slotId={slot.id} />
            </div>
          ) : null}
          {open?.slotId === slot.id && open.view === 'edit' ? (
            <div className="mt-4">
              <SlotForm initial={slot} pending={updateSlot.isPending} error={updateSlot.error} submitLabel={t('admin.save')} onSubmit={(times) => updateSlot.mutate({ slotId: slot.id, ...times })} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
