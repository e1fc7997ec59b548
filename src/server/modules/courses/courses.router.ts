import {
  addSlotInput,
  adminCourseListOutput,
  adminCourseOutput,
  adminSlotOutput,
  cancellationOutput,
  cancelInput,
  classListOutput,
  courseDetailOutput,
  courseIdInput,
  createCourseInput,
  csvExportOutput,
  enrolleeListOutput,
  exportEnrolleesInput,
  myRegistrationsOutput,
  registerInput,
  registrationOutput,
  slotIdInput,
  slotStatusInput,
  staffCancelInput,
  updateCourseInput,
  updateSlotInput,
} from '../../../shared/courses';
import { router } from '../../trpc/init';
import { checked, memberProcedure, publicProcedure, staff } from '../../trpc/procedures';
import { addSlot, courseForStaff, createCourse, listCoursesForStaff, setSlotStatus, updateCourse, updateSlot } from './course-admin.service';
import { courseDetail, listClasses, myRegistrations } from './courses.service';
import { enrolleeList, exportEnrollees } from './enrollees.service';
import { cancelRegistration, cancelRegistrationForMember, leaveWaitlist, register } from './registration.service';

/** Courses: the public class list and course pages, a member's registrations, and staff work under `admin` (manage_course). */
export const coursesRouter = router({
  classes: publicProcedure.output(checked(classListOutput)).query(({ ctx }) => listClasses(ctx.deps, ctx.language)),
  detail: publicProcedure
    .input(courseIdInput)
    .output(checked(courseDetailOutput))
    .query(({ ctx, input }) => courseDetail(ctx.deps, input, ctx.language, ctx.actor.kind === 'member' ? ctx.actor.userId : undefined)),
  mine: memberProcedure.output(checked(myRegistrationsOutput)).query(({ ctx }) => myRegistrations(ctx.deps, ctx.userId, ctx.language)),
  register: memberProcedure.input(registerInput).output(checked(registrationOutput)).mutation(({ ctx, input }) => register(ctx.deps, ctx.userId, input)),
  cancel: memberProcedure.input(cancelInput).output(checked(cancellationOutput)).mutation(({ ctx, input }) => cancelRegistration(ctx.deps, ctx.userId, input)),
  leaveWaitlist: memberProcedure.input(slotIdInput).output(checked(slotIdInput)).mutation(({ ctx, input }) => leaveWaitlist(ctx.deps, ctx.userId, input)),
  admin: router({
    list: staff('manage_course').output(checked(adminCourseListOutput)).query(({ ctx }) => listCoursesForStaff(ctx.deps)),
    get: staff('manage_course').input(courseIdInput).output(checked(adminCourseOutput)).query(({ ctx, input }) => courseForStaff(ctx.deps, input)),
    create: staff('manage_course').input(createCourseInput).output(checked(adminCourseOutput)).mutation(({ ctx, input }) => createCourse(ctx.deps, ctx.staffId, input)),
    update: staff('manage_course').input(updateCourseInput).output(checked(adminCourseOutput)).mutation(({ ctx, input }) => updateCourse(ctx.deps, ctx.staffId, input)),
    addSlot: staff('manage_course').input(addSlotInput).output(checked(adminSlotOutput)).mutation(({ ctx, input }) => addSlot(ctx.deps, ctx.staffId, input)),
    updateSlot: staff('manage_course').input(updateSlotInput).output(checked(adminSlotOutput)).mutation(({ ctx, input }) => updateSlot(ctx.deps, ctx.staffId, input)),
    setSlotStatus: staff('manage_course').input(slotStatusInput).output(checked(adminSlotOutput)).mutation(({ ctx, input }) => setSlotStatus(ctx.deps, ctx.staffId, input)),
    enrollees: staff('manage_course').input(slotIdInput).output(checked(enrolleeListOutput)).query(({ ctx, input }) => enrolleeList(ctx.deps, input)),
    exportEnrollees: staff('manage_course').input(exportEnrolleesInput).output(checked(csvExportOutput)).mutation(({ ctx, input }) => exportEnrollees(ctx.deps, input)),
    cancelForMember: staff('manage_course')
      .input(staffCancelInput)
      .output(checked(cancellationOutput))
      .mutation(({ ctx, input }) => cancelRegistrationForMember(ctx.deps, ctx.staffEmail, input)),
  }),
});
