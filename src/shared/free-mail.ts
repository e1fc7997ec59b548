/**
 * Free and consumer mail domains, refused where the spec asks for a company e-mail (spec section 5:
 * 'must be company email'). The one list of them; a subdomain of a listed domain counts too.
 */
export const freeMailDomains: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.com.tw',
  'yahoo.co.jp',
  'ymail.com',
  'rocketmail.com',
  'hotmail.com',
  'hotmail.com.tw',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'proton.me',
  'protonmail.com',
  'tutanota.com',
  'zoho.com',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sohu.com',
  'aliyun.com',
  'naver.com',
  'msa.hinet.net',
  'pchome.com.tw',
  'seed.net.tw',
  'docomo.ne.jp',
  'ezweb.ne.jp',
  'au.com',
  'softbank.ne.jp',
  'i.softbank.jp',
  'nifty.com',
];

export function isFreeMailAddress(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return freeMailDomains.some((free) => domain === free || domain.endsWith(`.${free}`));
}
