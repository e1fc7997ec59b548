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
