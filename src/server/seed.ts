import type { Deps } from './deps';
import { createEnterprise } from './modules/accounts/enterprise.service';
import { hashPassword } from './modules/auth/password-hash';
import { addDemoNewsIfNone } from './modules/content/content.service';
import { addMessagesIfNone } from './modules/messages/messages.service';
import { addDemoPoints } from './modules/points/demo-points';
import { createStaff, hasStaff } from './modules/staff/staff.service';
import { addDemoTeams } from './modules/teams/demo-teams';

/** Demo sign-ins, documented in the README; seeded only into a database with no staff yet. */
export const demoStaff = [
  { email: 'admin@inspectra.example', name: '系統管理員', password: 'inspectra-demo', super: true, permissions: [] },
  { email: 'service@inspectra.example', name: '客服 陳怡君', password: 'inspectra-demo', super: false, permissions: ['customer_service' as const] },
];

const demoMessages: Parameters<typeof addMessagesIfNone>[1] = [
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
  if (await hasStaff(deps.db)) return false;
  for (const member of demoStaff) await createStaff(deps.db, member);
  const passwordHash = await seedDemoMember(deps);
  await deps.db.transaction((tx) => addDemoPoints(tx, demoMember.email, new Date()));
  await deps.db.transaction((tx) => addDemoTeams(tx, demoMember.email, passwordHash, new Date()));
  await addMessagesIfNone(deps.db, demoMessages);
  await addDemoNewsIfNone(deps.db);
  deps.log.info({ staff: demoStaff.map((member) => member.email), member: demoMember.email }, 'demo data seeded');
  return true;
}

/** A demo enterprise with an active, verified administrator, documented in the README. */
export const demoMember = { email: 'lin.zm@chenghong-parts.example', name: '林志明', password: 'inspectra-demo' };

async function seedDemoMember(deps: Pick<Deps, 'db'>): Promise<string> {
  const passwordHash = await hashPassword(demoMember.password);
  await deps.db.transaction((tx) =>
    createEnterprise(
      tx,
      {
        companyName: '晟弘精密工業股份有限公司',
        taxId: '24536806',
        name: demoMember.name,
        phone: '04-2359-1234',
        email: demoMember.email,
        passwordHash,
        language: 'zh-TW',
        companyAddress: '台中市西屯區工業區一路 1 號',
      },
      new Date(),
      { activated: true },
    ),
  );
  return passwordHash;
}
