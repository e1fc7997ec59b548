import { count } from 'drizzle-orm';
import { customerMessages, staff } from './db/schema';
import type { Deps } from './deps';
import { countNews, insertNews } from './modules/content/content.repository';
import { demoNews } from './modules/content/demo-news';
import { insertMessage } from './modules/messages/messages.repository';
import { createStaff } from './modules/staff/staff.service';

/** Demo sign-ins, documented in the README; seeded only into a database with no staff yet. */
export const demoStaff = [
  { email: 'admin@inspectra.example', name: '系統管理員', password: 'inspectra-demo', super: true, permissions: [] },
  { email: 'service@inspectra.example', name: '客服 陳怡君', password: 'inspectra-demo', super: false, permissions: ['customer_service' as const] },
];

const demoMessages = [
  {
    firstName: '志明',
    lastName: '林',
    email: 'lin.zm@chenghong-parts.example',
    phone: '04-2359-1234',
    type: 1,
    description: '沖壓件表面刮傷目前靠人工目檢，想預約展示，了解 AOI 瑕疵檢測能否接在現有產線相機上。',
    companyIndustry: 'autoParts',
    adoptionTime: 'within3Months',
    language: 'zh-TW',
  },
  {
    firstName: 'Yuki',
    lastName: 'Sato',
    email: 'y.sato@kasumi-denshi.example',
    phone: '+81 3-5555-0199',
    type: 3,
    description: 'We would like a class for our line leaders on labelling images and training a counting model.',
    attendees: '6-10',
    classMode: 'online',
    courseContent: 'imaging',
    language: 'ja',
  },
  {
    firstName: 'Emma',
    lastName: 'Hsu',
    email: 'emma.hsu@northbay-metal.example',
    phone: '+886 7 555 0142',
    type: 2,
    description: 'Can the cycle-time analysis export results per station as CSV for our MES?',
    language: 'en',
  },
];

export async function seedDemoData(deps: Pick<Deps, 'db' | 'log'>): Promise<boolean> {
  const [existing] = await deps.db.select({ value: count() }).from(staff);
  if ((existing?.value ?? 0) > 0) return false;
  for (const member of demoStaff) await createStaff(deps.db, member);
  const [messages] = await deps.db.select({ value: count() }).from(customerMessages);
  if ((messages?.value ?? 0) === 0) for (const message of demoMessages) await insertMessage(deps.db, message);
  if ((await countNews(deps.db)) === 0) for (const item of demoNews) await insertNews(deps.db, item);
  deps.log.info({ staff: demoStaff.map((member) => member.email) }, 'demo data seeded');
  return true;
}
