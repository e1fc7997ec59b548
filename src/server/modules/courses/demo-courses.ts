import type { CourseTranslations } from '../../../shared/courses';
import type { Executor } from '../../db/client';
import { userByEmail } from '../accounts/users.service';
import { countCourses, insertCourse, insertEnrollee, insertSlot } from './courses.repository';

const DAY = 86_400_000;

/** Taipei 09:30 (01:30 UTC) or 14:00 (06:00 UTC), `days` from `now`. */
function taipei(now: Date, days: number, hourUtc: number, minute = 0): Date {
  const date = new Date(now.getTime() + days * DAY);
  date.setUTCHours(hourUtc, minute, 0, 0);
  return date;
}

const hours = (date: Date, count: number) => new Date(date.getTime() + count * 3_600_000);

const demoCourses: Array<{ id: string; mode: 'inPerson' | 'online'; location?: string; meetingUrl?: string; translations: CourseTranslations; slots: Array<{ days: number; hourUtc: number; minute?: number; length: number; limit: number | null }> }> = [
  {
    id: '20261101',
    mode: 'inPerson',
    location: '台北市內湖區瑞光路 100 號 8 樓 教室 A',
    translations: {
      'zh-TW': { name: 'AOI 瑕疵檢測實作：從標註到上線', description: '帶著產線影像來，三小時內完成標註、訓練、評估與部署。適合品保與製程工程師。' },
      en: { name: 'AOI defect inspection hands-on: from labelling to the line', description: 'Bring images of your line: label, train, evaluate and deploy a model in three hours. For QA and process engineers.' },
      'zh-CN': { name: 'AOI 瑕疵检测实作：从标注到上线', description: '带着产线影像来，三小时内完成标注、训练、评估与部署。适合品保与制程工程师。' },
      ja: { name: 'AOI 外観検査ハンズオン：アノテーションからライン導入まで', description: '自社ラインの画像を持参し、3 時間でアノテーション、学習、評価、デプロイまで行います。品質保証・生産技術の方向け。' },
    },
    slots: [
      { days: 7, hourUtc: 1, minute: 30, length: 3, limit: 10 },
      { days: 21, hourUtc: 6, length: 3, limit: 3 },
    ],
  },
  {
    id: '20261102',
    mode: 'online',
    meetingUrl: 'https://meet.inspectra.example/class-cycle-time',
    translations: {
      'zh-TW': { name: '線上課：影片工時分析入門', description: '以固定鏡頭影片計算工站週期時間與標準作業偏差，兩小時線上實作。' },
      en: { name: 'Online: cycle-time analysis from video', description: 'Measure station cycle times and SOP deviations from fixed-camera video; two hours, online, hands-on.' },
      ja: { name: 'オンライン：動画によるサイクルタイム分析入門', description: '固定カメラの動画から工程のサイクルタイムと標準作業のずれを計測します。オンライン 2 時間の実習です。' },
    },
    slots: [
      { days: 10, hourUtc: 6, length: 2, limit: null },
      { days: 3, hourUtc: 6, length: 2, limit: 2 },
    ],
  },
];

/**
 * Demo courses for `npm start`: an in-person class with seats (the demo member holds one), a small
 * slot, and an online class. Slot times follow the day the demo data is made, so they are upcoming.
 */
export async function addDemoCoursesIfNone(db: Executor, now: Date, demoMemberEmail: string): Promise<void> {
  if ((await countCourses(db)) > 0) return;
  const member = await userByEmail(db, demoMemberEmail);
  for (const course of demoCourses) {
    await insertCourse(db, { id: course.id, mode: course.mode, location: course.location ?? '', meetingUrl: course.meetingUrl ?? '', translations: course.translations, createdAt: now, modifiedAt: now });
    for (const [index, slot] of course.slots.entries()) {
      const startTime = taipei(now, slot.days, slot.hourUtc, slot.minute);
      const row = await insertSlot(db, { courseId: course.id, startTime, dueTime: new Date(startTime.getTime() - DAY), endTime: hours(startTime, slot.length), enrolleeLimit: slot.limit, createdAt: now, modifiedAt: now });
      if (row && member && course.id === '20261101' && index === 0) await insertEnrollee(db, { courseTimeId: row.id, userId: member.id, email: member.email, createdAt: now });
    }
  }
}
