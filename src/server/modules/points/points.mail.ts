import type { Language } from '../../../shared/languages';

interface MailText {
  subject: string;
  body: string;
}

type Texts = Record<Language, (values: Record<string, string>) => MailText>;

/** The low-balance alert (issue 9 part 9): sent once each time the remaining M Points fall below the threshold. */
export const lowBalanceMail: Texts = {
  'zh-TW': (v) => ({
    subject: `[${v.brand}] 剩餘點數已低於 ${v.threshold} 點`,
    body: `${v.name} 您好：\n\n「${v.company}」的剩餘 M Point 為 ${v.remaining} 點，已低於您設定的提醒門檻 ${v.threshold} 點。為避免模型訓練或預測中斷，請至會員中心購買點數：\n\n${v.link}\n\n點數回到門檻以上後，下次再低於門檻時我們會再通知您。\n\n${v.brand}`,
  }),
  en: (v) => ({
    subject: `[${v.brand}] Remaining points below ${v.threshold}`,
    body: `Hello ${v.name},\n\n${v.company} has ${v.remaining} M Points left, below the alert threshold of ${v.threshold} you set. To keep model training and prediction running, buy points in the management centre:\n\n${v.link}\n\nOnce the balance is back above the threshold, we will tell you again the next time it falls below.\n\n${v.brand}`,
  }),
  'zh-CN': (v) => ({
    subject: `[${v.brand}] 剩余点数已低于 ${v.threshold} 点`,
    body: `${v.name} 您好：\n\n“${v.company}”的剩余 M Point 为 ${v.remaining} 点，已低于您设置的提醒阈值 ${v.threshold} 点。为避免模型训练或预测中断，请到会员中心购买点数：\n\n${v.link}\n\n点数回到阈值以上后，下次再低于阈值时我们会再通知您。\n\n${v.brand}`,
  }),
  ja: (v) => ({
    subject: `[${v.brand}] 残りポイントが ${v.threshold} を下回りました`,
    body: `${v.name} 様\n\n${v.company} の残り M Point は ${v.remaining} ポイントで、設定されたアラートのしきい値 ${v.threshold} を下回りました。モデルの学習や推論が止まらないよう、マネジメントセンターでポイントをご購入ください。\n\n${v.link}\n\n残高がしきい値を上回った後、再び下回ったときにもう一度お知らせします。\n\n${v.brand}`,
  }),
};

/** Trial points approved (spec section 4 'Trial platform'): the member may open the trial platform. */
export const trialApprovedMail: Texts = {
  'zh-TW': (v) => ({
    subject: `[${v.brand}] 試用點數申請已核准`,
    body: `${v.name} 您好：\n\n您的試用點數申請已核准，我們已在您的企業帳號加入 ${v.points} 點 M Point。登入會員中心後，按「使用平台（試用）」即可開始以您的影像訓練瑕疵檢測模型：\n\n${v.link}\n\n${v.brand}`,
  }),
  en: (v) => ({
    subject: `[${v.brand}] Your trial points are approved`,
    body: `Hello ${v.name},\n\nYour trial point application is approved: ${v.points} M Points are now in your account. Sign in to the management centre and choose 'Use platform (trial)' to start training a defect-inspection model on your own images:\n\n${v.link}\n\n${v.brand}`,
  }),
  'zh-CN': (v) => ({
    subject: `[${v.brand}] 试用点数申请已批准`,
    body: `${v.name} 您好：\n\n您的试用点数申请已批准，我们已在您的企业账号加入 ${v.points} 点 M Point。登录会员中心后，点击“使用平台（试用）”即可开始用您的图像训练缺陷检测模型：\n\n${v.link}\n\n${v.brand}`,
  }),
  ja: (v) => ({
    subject: `[${v.brand}] トライアルポイントの申請が承認されました`,
    body: `${v.name} 様\n\nトライアルポイントの申請が承認され、アカウントに ${v.points} M Point を追加しました。マネジメントセンターにサインインし「プラットフォームを使う（トライアル）」から、お手持ちの画像で外観検査モデルの学習を始められます。\n\n${v.link}\n\n${v.brand}`,
  }),
};

/** Trial points refused. */
export const trialRefusedMail: Texts = {
  'zh-TW': (v) => ({
    subject: `[${v.brand}] 試用點數申請結果`,
    body: `${v.name} 您好：\n\n很抱歉，您的試用點數申請這次未能核准。如想了解原因或直接購買點數，歡迎與我們聯絡或前往會員中心：\n\n${v.link}\n\n${v.brand}`,
  }),
  en: (v) => ({
    subject: `[${v.brand}] About your trial point application`,
    body: `Hello ${v.name},\n\nWe are sorry: your trial point application was not approved this time. To hear why, or to buy points directly, contact us or visit the management centre:\n\n${v.link}\n\n${v.brand}`,
  }),
  'zh-CN': (v) => ({
    subject: `[${v.brand}] 试用点数申请结果`,
    body: `${v.name} 您好：\n\n很抱歉，您的试用点数申请这次未能批准。如想了解原因或直接购买点数，欢迎联系我们或前往会员中心：\n\n${v.link}\n\n${v.brand}`,
  }),
  ja: (v) => ({
    subject: `[${v.brand}] トライアルポイント申請の結果`,
    body: `${v.name} 様\n\n申し訳ございませんが、今回のトライアルポイント申請は承認されませんでした。理由の確認やポイントのご購入は、お問い合わせいただくかマネジメントセンターからどうぞ。\n\n${v.link}\n\n${v.brand}`,
  }),
};
