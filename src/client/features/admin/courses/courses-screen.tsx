import { Route, Routes } from 'react-router';
import { AdminCoursePage } from './admin-course-page';
import { AdminCoursesPage } from './admin-courses-page';

/** The back office's courses screen (manage_course): the list at /admin/courses, one course at /admin/courses/<id>. */
export function CoursesScreen() {
  return (
    <Routes>
      <Route index element={<AdminCoursesPage />} />
      <Route path=":courseId" element={<AdminCoursePage />} />
    </Routes>
  );
}
