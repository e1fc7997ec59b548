import type { Executor } from '../../db/client';
import { addMessagesIfNone } from './messages.service';

const HOUR = 3_600_000;

/** The inbox of `npm start`: open questions of several types and languages over the last days, and one already answered. */
export async function addDemoMessagesIfNone(tx: Executor, now: Date): Promise<void> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  await addMessagesIfNone(tx, [
    {
      firstName: '淑芬',
      lastName: '王',
      email: 'wang.sf@dayuan-plastics.example',
      phone: '03-452-8810',
      type: 1,
      description: '射出成型件的縮水與毛邊想改用 AI 檢測，請問一條產線大約需要多少張標註影像？',
      companyIndustry: 'chemicalMaterials',
      adoptionTime: 'underEvaluation',
      language: 'zh-TW',
      createdAt: ago(120),
      status: 1,
      repliedAt: ago(96),
      replyBody: '王小姐您好：以縮水與毛邊兩種瑕疵來說，每種先準備約 200 張良品與 50 張不良品即可開始訓練，之後再依誤判補圖。我們可安排線上展示，用您的樣品影像實際走一次流程。',
    },
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
      createdAt: ago(50),
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
      createdAt: ago(26),
    },
    {
      firstName: 'Emma',
      lastName: 'Hsu',
      email: 'emma.hsu@northbay-metal.example',
      phone: '+886 7 555 0142',
      type: 2,
      description: 'Can the cycle-time analysis export results per station as CSV for our MES?',
      language: 'en',
      createdAt: ago(3),
    },
  ]);
}
