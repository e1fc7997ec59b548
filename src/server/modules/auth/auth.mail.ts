import type { Language } from '../../../shared/languages';
import type { Deps } from '../../deps';

/**
 * Links in mails point at the public address, or at this process on localhost when none is set, and
 * carry the recipient's language (`?lang=`), so that the page opens in the language of the mail.
 */
export function portalLink(config: Deps['config'], pathAndHash: string, language: Language): string {
  const url = new URL(pathAndHash, config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  url.searchParams.set('lang', language);
  return url.href;
}

interface MailText {
  subject: string;
  body: string;
}

type Texts = Record<Language, (values: Record<string, string>) => MailText>;

const verification: Texts = {
  'zh-TW': (v) => ({
    subject: `[${v.brand}] 請驗證您的電子郵件`,
    body: `${v.name} 您好：\n\n感謝您為「${v.company}」註冊 ${v.brand} 企業帳號。請在 24 小時內開啟以下連結驗證您的電子郵件（連結僅能使用一次）：\n\n${v.link}\n\n驗證完成後，我們的服務人員會為您啟用帳號，啟用後將另行通知，您即可登入會員中心。\n\n若您沒有註冊，請忽略這封郵件。\n\n${v.brand}`,
  }),
  en: (v) => ({
    subject: `[${v.brand}] Please verify your e-mail address`,
    body: `Hello ${v.name},\n\nThank you for registering ${v.company} for a ${v.brand} enterprise account. Please open this link within 24 hours to verify your e-mail address (it works once):\n\n${v.link}\n\nOnce verified, our staff will activate your account and let you know; you can then sign in to the management centre.\n\nIf you did not register, please ignore this mail.\n\n${v.brand}`,
  }),
  'zh-CN': (v) => ({
    subject: `[${v.brand}] 请验证您的电子邮箱`,
    body: `${v.name} 您好：\n\n感谢您为“${v.company}”注册 ${v.brand} 企业账号。请在 24 小时内打开以下链接验证您的电子邮箱（链接仅能使用一次）：\n\n${v.link}\n\n验证完成后，我们的服务人员会为您启用账号，启用后将另行通知，您即可登录会员中心。\n\n如果您没有注册，请忽略这封邮件。\n\n${v.brand}`,
  }),
  ja: (v) => ({
    subject: `[${v.brand}] メールアドレスの確認をお願いします`,
    body: `${v.name} 様\n\n${v.company} の ${v.brand} 企業アカウントにご登録いただきありがとうございます。24 時間以内に次のリンクを開いて、メールアドレスを確認してください（リンクは一度だけ使えます）。\n\n${v.link}\n\n確認後、担当者がアカウントを有効化し、ご連絡いたします。その後、マネジメントセンターにログインできます。\n\nお心当たりのない場合は、このメールを破棄してください。\n\n${v.brand}`,
  }),
};

const reset: Texts = {
  'zh-TW': (v) => ({
    subject: `[${v.brand}] 重設密碼`,
    body: `${v.name} 您好：\n\n我們收到重設您 ${v.brand} 密碼的要求。請在 1 小時內開啟以下連結設定新密碼（連結僅能使用一次）：\n\n${v.link}\n\n若您沒有提出此要求，請忽略這封郵件，您的密碼不會變更。\n\n${v.brand}`,
  }),
  en: (v) => ({
    subject: `[${v.brand}] Reset your password`,
    body: `Hello ${v.name},\n\nWe received a request to reset your ${v.brand} password. Open this link within 1 hour to choose a new one (it works once):\n\n${v.link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n\n${v.brand}`,
  }),
  'zh-CN': (v) => ({
    subject: `[${v.brand}] 重置密码`,
    body: `${v.name} 您好：\n\n我们收到了重置您 ${v.brand} 密码的请求。请在 1 小时内打开以下链接设置新密码（链接仅能使用一次）：\n\n${v.link}\n\n如果不是您本人操作，请忽略这封邮件，您的密码不会改变。\n\n${v.brand}`,
  }),
  ja: (v) => ({
    subject: `[${v.brand}] パスワードの再設定`,
    body: `${v.name} 様\n\n${v.brand} のパスワード再設定のご依頼を受け付けました。1 時間以内に次のリンクを開いて新しいパスワードを設定してください（リンクは一度だけ使えます）。\n\n${v.link}\n\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。\n\n${v.brand}`,
  }),
};

const locked: Texts = {
  'zh-TW': (v) => ({
    subject: `[${v.brand}] 您的帳號已暫時鎖定`,
    body: `${v.name} 您好：\n\n您的帳號連續 ${v.attempts} 次登入失敗，為保護帳號安全，已鎖定 ${v.minutes} 分鐘。\n\n若這不是您本人的操作，建議您重設密碼：${v.link}\n\n${v.brand}`,
  }),
  en: (v) => ({
    subject: `[${v.brand}] Your account is locked for a while`,
    body: `Hello ${v.name},\n\nThere were ${v.attempts} failed sign-ins to your account in a row, so we locked it for ${v.minutes} minutes to protect it.\n\nIf this was not you, we recommend resetting your password: ${v.link}\n\n${v.brand}`,
  }),
  'zh-CN': (v) => ({
    subject: `[${v.brand}] 您的账号已暂时锁定`,
    body: `${v.name} 您好：\n\n您的账号连续 ${v.attempts} 次登录失败，为保护账号安全，已锁定 ${v.minutes} 分钟。\n\n如果不是您本人操作，建议您重置密码：${v.link}\n\n${v.brand}`,
  }),
  ja: (v) => ({
    subject: `[${v.brand}] アカウントを一時的にロックしました`,
    body: `${v.name} 様\n\nお客様のアカウントへのログインが ${v.attempts} 回続けて失敗したため、保護のため ${v.minutes} 分間ロックしました。\n\nお心当たりのない場合は、パスワードの再設定をおすすめします：${v.link}\n\n${v.brand}`,
  }),
};

const activated: Texts = {
  'zh-TW': (v) => ({
    subject: `[${v.brand}] 您的帳號已啟用`,
    body: `${v.name} 您好：\n\n您的 ${v.brand} 企業帳號已啟用。現在就可以登入會員中心，完成公司資料並上傳名片：\n\n${v.link}\n\n${v.brand}`,
  }),
  en: (v) => ({
    subject: `[${v.brand}] Your account is active`,
    body: `Hello ${v.name},\n\nYour ${v.brand} enterprise account is now active. Sign in to the management centre to complete your company details and upload your business card:\n\n${v.link}\n\n${v.brand}`,
  }),
  'zh-CN': (v) => ({
    subject: `[${v.brand}] 您的账号已启用`,
    body: `${v.name} 您好：\n\n您的 ${v.brand} 企业账号已启用。现在即可登录会员中心，完善公司资料并上传名片：\n\n${v.link}\n\n${v.brand}`,
  }),
  ja: (v) => ({
    subject: `[${v.brand}] アカウントが有効になりました`,
    body: `${v.name} 様\n\n${v.brand} の企業アカウントが有効になりました。マネジメントセンターにログインして、会社情報の入力と名刺のアップロードを行ってください。\n\n${v.link}\n\n${v.brand}`,
  }),
};

const exists: Texts = {
  'zh-TW': (v) => ({
    subject: `[${v.brand}] 這個電子郵件已有帳號`,
    body: `${v.name} 您好：\n\n有人以您的電子郵件申請註冊 ${v.brand} 企業帳號，但這個電子郵件已經有帳號，因此沒有建立新帳號。\n\n若是您本人，請直接登入：${v.login}\n忘記密碼可在此重設：${v.reset}\n\n若不是您本人，請忽略這封郵件，您的帳號不受影響。\n\n${v.brand}`,
  }),
  en: (v) => ({
    subject: `[${v.brand}] This e-mail address already has an account`,
    body: `Hello ${v.name},\n\nSomeone asked to register a ${v.brand} enterprise account with your e-mail address, which has an account already, so no new account was created.\n\nIf it was you, sign in: ${v.login}\nForgot the password? Reset it here: ${v.reset}\n\nIf it was not you, ignore this mail; your account is unchanged.\n\n${v.brand}`,
  }),
  'zh-CN': (v) => ({
    subject: `[${v.brand}] 这个电子邮箱已有账号`,
    body: `${v.name} 您好：\n\n有人用您的电子邮箱申请注册 ${v.brand} 企业账号，但这个邮箱已经有账号，因此没有创建新账号。\n\n如果是您本人，请直接登录：${v.login}\n忘记密码可在此重置：${v.reset}\n\n如果不是您本人，请忽略这封邮件，您的账号不受影响。\n\n${v.brand}`,
  }),
  ja: (v) => ({
    subject: `[${v.brand}] このメールアドレスのアカウントは登録済みです`,
    body: `${v.name} 様\n\nお客様のメールアドレスで ${v.brand} 企業アカウントの登録申請がありましたが、このアドレスのアカウントは既にあるため、新しいアカウントは作成していません。\n\nご本人の場合はログインしてください：${v.login}\nパスワードをお忘れの場合はこちらで再設定できます：${v.reset}\n\nお心当たりのない場合は、このメールを破棄してください。アカウントは変更されていません。\n\n${v.brand}`,
  }),
};

export const accountMails = { verification, reset, locked, activated, exists };
export type AccountMailKind = keyof typeof accountMails;

export function accountMail(kind: AccountMailKind, language: Language, values: Record<string, string>): MailText {
  return accountMails[kind][language](values);
}

/** The staff notice of a registration; staff read the back office in Traditional Chinese and English. */
export function staffMailForRegistration(values: { brand: string; company: string; taxId: string; name: string; email: string; phone: string; language: string }) {
  const body = [
    `公司 Company: ${values.company} (${values.taxId})`,
    `管理者 Administrator: ${values.name} <${values.email}>, ${values.phone}`,
    `語言 Language: ${values.language}`,
    '',
    '使用者驗證電子郵件後，請啟用帳號 Activate the account once the e-mail is verified:',
    `npm run cli -- accounts activate ${values.email}`,
  ].join('\n');
  return {
    subject: `[${values.brand}] 新的企業註冊 New enterprise registration: ${values.company}`,
    body,
    chat: `[${values.brand}] 新的企業註冊 ${values.company}: ${values.name} <${values.email}>`,
  };
}
