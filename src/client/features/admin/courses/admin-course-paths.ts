import { adminScreenPath } from '@/client/paths';

/** The back office's course screens. */
export const adminCoursesPath = adminScreenPath('courses');

export function adminCoursePath(courseId: string): string {
  return `${adminCoursesPath}/${courseId}`;
}
