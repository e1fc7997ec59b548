import { newsCategory } from '../../../shared/content';
import type { NewNewsRow } from './content.repository';
import { paragraphsToHtml } from './news-html';

/**
 * Demo questions of /support/qa (`seed`): news of category Q&A, the question as title, the group as
 * summary and the answer as body, in the four languages. Staff edit them in the news editor.
 */
const questions: Array<{ texts: Record<'zh-TW' | 'en' | 'zh-CN' | 'ja', { group: string; q: string; a: string }> }> = [
  {
    texts: {
      "zh-TW": { group: "點數與付款", q: "1 點可以做什麼？", a: "1 點為新台幣 5,000 元，可使用 1 小時的模型訓練或 1 小時的預測，依實際使用時間扣除。" },
      "en": { group: "Points and payment", q: "What does a point buy?", a: "One point costs NT$5,000 and buys one hour of model training or one hour of prediction, deducted by the time actually used." },
      "zh-CN": { group: "点数与付款", q: "1 点可以做什么？", a: "1 点为新台币 5,000 元，可使用 1 小时的模型训练或 1 小时的预测，按实际使用时间扣除。" },
      "ja": { group: "ポイントとお支払い", q: "1 ポイントで何ができますか？", a: "1 ポイントは 5,000 台湾ドルで、モデルの学習 1 時間または推論 1 時間に使えます。実際の使用時間に応じて差し引かれます。" },
    },
  },
  {
    texts: {
      "zh-TW": { group: "點數與付款", q: "有最低購買量嗎？", a: "有，最低 40 點。基本方案為 40 點，進階方案為 80 點。" },
      "en": { group: "Points and payment", q: "Is there a minimum purchase?", a: "Yes, 40 points. The Basic plan is 40 points and the Advanced plan 80 points." },
      "zh-CN": { group: "点数与付款", q: "有最低购买量吗？", a: "有，最低 40 点。基础方案为 40 点，进阶方案为 80 点。" },
      "ja": { group: "ポイントとお支払い", q: "最低購入数はありますか？", a: "はい、40 ポイントです。ベーシックプランは 40 ポイント、アドバンストプランは 80 ポイントです。" },
    },
  },
  {
    texts: {
      "zh-TW": { group: "點數與付款", q: "點數可以在專案之間移轉嗎？", a: "不行。不同專案的點數分開購買，不得互相兌換。在同一個企業帳號內，管理員可以將點數轉移給團隊。" },
      "en": { group: "Points and payment", q: "Can I move points between projects?", a: "No. Points of different projects are bought separately and cannot be exchanged. Within one enterprise account, the administrator can transfer points to teams." },
      "zh-CN": { group: "点数与付款", q: "点数可以在项目之间转移吗？", a: "不可以。不同项目的点数分开购买，不得互相兑换。在同一个企业账号内，管理员可以将点数转移给团队。" },
      "ja": { group: "ポイントとお支払い", q: "ポイントをプロジェクト間で移せますか？", a: "できません。プロジェクトごとのポイントは別々に購入し、交換できません。同じ企業アカウント内では、管理者がチームにポイントを移行できます。" },
    },
  },
  {
    texts: {
      "zh-TW": { group: "帳號與團隊", q: "由誰開設企業帳號？", a: "每家公司由一位管理員註冊並完成電子郵件驗證，再邀請同仁加入團隊。" },
      "en": { group: "Accounts and teams", q: "Who opens the enterprise account?", a: "One administrator per company signs up, verifies the e-mail address, and then invites colleagues into teams." },
      "zh-CN": { group: "账号与团队", q: "由谁开设企业账号？", a: "每家公司由一位管理员注册并完成邮箱验证，再邀请同事加入团队。" },
      "ja": { group: "アカウントとチーム", q: "企業アカウントは誰が開設しますか？", a: "各社 1 名の管理者が登録してメールアドレスを認証し、同僚をチームに招待します。" },
    },
  },
  {
    texts: {
      "zh-TW": { group: "帳號與團隊", q: "一個團隊可以有多少人？", a: "每個團隊有 1 位管理員、最多 3 位副管理員與最多 100 位成員。" },
      "en": { group: "Accounts and teams", q: "How large can a team be?", a: "A team has one administrator, up to three deputy administrators and up to 100 members." },
      "zh-CN": { group: "账号与团队", q: "一个团队可以有多少人？", a: "每个团队有 1 位管理员、最多 3 位副管理员与最多 100 位成员。" },
      "ja": { group: "アカウントとチーム", q: "1 チームの人数は？", a: "管理者 1 名、副管理者最大 3 名、メンバー最大 100 名です。" },
    },
  },
  {
    texts: {
      "zh-TW": { group: "資料與模型", q: "需要多少張影像？", a: "第一個模型通常只需要幾百張良品與不良品影像。少見的瑕疵需要更多樣本，評估結果會告訴您是哪些。" },
      "en": { group: "Data and models", q: "How many images do I need?", a: "A few hundred images of good and defective parts are usually enough for a first model. Rare defects need more examples; the evaluation shows which ones." },
      "zh-CN": { group: "数据与模型", q: "需要多少张图像？", a: "第一个模型通常只需要几百张良品与不良品图像。少见的缺陷需要更多样本，评估结果会告诉您是哪些。" },
      "ja": { group: "データとモデル", q: "画像は何枚必要ですか？", a: "最初のモデルには、良品と不良品の画像が数百枚あれば通常は十分です。まれな不良にはより多くの例が必要で、評価結果でどれかがわかります。" },
    },
  },
  {
    texts: {
      "zh-TW": { group: "資料與模型", q: "影像與模型歸誰所有？", a: "歸您所有。未經您書面同意，我們絕不用於為其他客戶訓練模型。" },
      "en": { group: "Data and models", q: "Who owns my images and models?", a: "You do. We never use them to train models for other customers without your written consent." },
      "zh-CN": { group: "数据与模型", q: "图像与模型归谁所有？", a: "归您所有。未经您书面同意，我们绝不用于为其他客户训练模型。" },
      "ja": { group: "データとモデル", q: "画像とモデルの所有者は？", a: "お客様です。書面による同意なく、他のお客様向けのモデル学習に使用することはありません。" },
    },
  },
  {
    texts: {
      "zh-TW": { group: "資料與模型", q: "需要特殊的相機嗎？", a: "不需要。多數專案從產線上既有的工業相機或網路攝影機開始，只要每次拍攝零件的角度一致即可。" },
      "en": { group: "Data and models", q: "Do I need special cameras?", a: "No. Most projects start with the industrial or IP cameras already on the line, as long as they see the part the same way every time." },
      "zh-CN": { group: "数据与模型", q: "需要特殊的相机吗？", a: "不需要。多数项目从产线上现有的工业相机或网络摄像头开始，只要每次拍摄零件的角度一致即可。" },
      "ja": { group: "データとモデル", q: "特別なカメラが必要ですか？", a: "不要です。多くのプロジェクトはラインに設置済みの産業用カメラや IP カメラから始めます。毎回同じ向きで部品が写っていれば十分です。" },
    },
  },
];

export function demoQuestions(): NewNewsRow[] {
  return questions.map(({ texts }, index) => ({
    category: newsCategory.qa,
    publishedAt: new Date(Date.UTC(2026, 4, 1, 1, index)),
    coverImage: null,
    translations: {
      'zh-TW': { title: texts['zh-TW'].q, summary: texts['zh-TW'].group, body: paragraphsToHtml(texts['zh-TW'].a) },
      en: { title: texts.en.q, summary: texts.en.group, body: paragraphsToHtml(texts.en.a) },
      'zh-CN': { title: texts['zh-CN'].q, summary: texts['zh-CN'].group, body: paragraphsToHtml(texts['zh-CN'].a) },
      ja: { title: texts.ja.q, summary: texts.ja.group, body: paragraphsToHtml(texts.ja.a) },
    },
  }));
}
