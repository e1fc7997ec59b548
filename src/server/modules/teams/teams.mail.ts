import type { Language } from '../../../shared/languages';
import type { Deps } from '../../deps';
import { portalLink } from '../auth/auth.mail';

/** The mails a member gets when their place in a team changes (issue 11: 'the member is mailed'). */
export type TeamMailKind = 'added' | 'kicked' | 'left' | 'deputyNamed' | 'deputyRemoved' | 'adminHandedOver';

interface Values {
  brand: string;
  name: string;
  team: string;
  actor: string;
  link: string;
}

type Texts = Record<TeamMailKind, Record<Language, (v: Values) => { subject: string; body: string }>>;

const texts: Texts = {
  added: {
    'zh-TW': (v) => ({ subject: `[${v.brand}] 您已加入團隊「${v.team}」`, body: `${v.name} 您好：\n\n${v.actor} 已將您加入團隊「${v.team}」。您現在可以在管理中心切換到這個團隊，並以團隊成員身分使用平台：\n\n${v.link}\n\n${v.brand}` }),
    en: (v) => ({ subject: `[${v.brand}] You joined the team "${v.team}"`, body: `Hello ${v.name},\n\n${v.actor} added you to the team "${v.team}". Switch to the team in the management centre to use the platform as a team member:\n\n${v.link}\n\n${v.brand}` }),
    'zh-CN': (v) => ({ subject: `[${v.brand}] 您已加入团队“${v.team}”`, body: `${v.name} 您好：\n\n${v.actor} 已将您加入团队“${v.team}”。您现在可以在管理中心切换到这个团队，并以团队成员身份使用平台：\n\n${v.link}\n\n${v.brand}` }),
    ja: (v) => ({ subject: `[${v.brand}] チーム「${v.team}」に参加しました`, body: `${v.name} 様\n\n${v.actor} さんがあなたをチーム「${v.team}」に追加しました。マネジメントセンターでこのチームに切り替えると、チームメンバーとしてプラットフォームを利用できます。\n\n${v.link}\n\n${v.brand}` }),
  },
  kicked: {
    'zh-TW': (v) => ({ subject: `[${v.brand}] 您已被移出團隊「${v.team}」`, body: `${v.name} 您好：\n\n團隊管理員 ${v.actor} 已將您移出團隊「${v.team}」，您在此團隊的平台帳號已停用。如有疑問，請與團隊管理員聯絡。\n\n${v.brand}` }),
    en: (v) => ({ subject: `[${v.brand}] You were removed from the team "${v.team}"`, body: `Hello ${v.name},\n\nThe team administrator ${v.actor} removed you from the team "${v.team}", and your platform account for this team is closed. Please ask the team administrator if you have questions.\n\n${v.brand}` }),
    'zh-CN': (v) => ({ subject: `[${v.brand}] 您已被移出团队“${v.team}”`, body: `${v.name} 您好：\n\n团队管理员 ${v.actor} 已将您移出团队“${v.team}”，您在此团队的平台账号已停用。如有疑问，请与团队管理员联系。\n\n${v.brand}` }),
    ja: (v) => ({ subject: `[${v.brand}] チーム「${v.team}」から外されました`, body: `${v.name} 様\n\nチーム管理者の ${v.actor} さんがあなたをチーム「${v.team}」から外しました。このチームのプラットフォームアカウントは停止されています。ご不明な点はチーム管理者にお問い合わせください。\n\n${v.brand}` }),
  },
  left: {
    'zh-TW': (v) => ({ subject: `[${v.brand}] 您已離開團隊「${v.team}」`, body: `${v.name} 您好：\n\n您已離開團隊「${v.team}」，您在此團隊的平台帳號已停用。若要重新加入，請請團隊管理員再次邀請您。\n\n${v.brand}` }),
    en: (v) => ({ subject: `[${v.brand}] You left the team "${v.team}"`, body: `Hello ${v.name},\n\nYou left the team "${v.team}", and your platform account for this team is closed. To come back, ask the team administrator to invite you again.\n\n${v.brand}` }),
    'zh-CN': (v) => ({ subject: `[${v.brand}] 您已退出团队“${v.team}”`, body: `${v.name} 您好：\n\n您已退出团队“${v.team}”，您在此团队的平台账号已停用。如需重新加入，请让团队管理员再次邀请您。\n\n${v.brand}` }),
    ja: (v) => ({ subject: `[${v.brand}] チーム「${v.team}」から退出しました`, body: `${v.name} 様\n\nチーム「${v.team}」から退出しました。このチームのプラットフォームアカウントは停止されています。再参加するには、チーム管理者に再度招待を依頼してください。\n\n${v.brand}` }),
  },
  deputyNamed: {
    'zh-TW': (v) => ({ subject: `[${v.brand}] 您已成為團隊「${v.team}」的副管理員`, body: `${v.name} 您好：\n\n${v.actor} 已指定您為團隊「${v.team}」的副管理員，您現在可以邀請成員加入團隊：\n\n${v.link}\n\n${v.brand}` }),
    en: (v) => ({ subject: `[${v.brand}] You are now a deputy administrator of "${v.team}"`, body: `Hello ${v.name},\n\n${v.actor} made you a deputy administrator of the team "${v.team}". You can now invite members to the team:\n\n${v.link}\n\n${v.brand}` }),
    'zh-CN': (v) => ({ subject: `[${v.brand}] 您已成为团队“${v.team}”的副管理员`, body: `${v.name} 您好：\n\n${v.actor} 已指定您为团队“${v.team}”的副管理员，您现在可以邀请成员加入团队：\n\n${v.link}\n\n${v.brand}` }),
    ja: (v) => ({ subject: `[${v.brand}] チーム「${v.team}」の副管理者になりました`, body: `${v.name} 様\n\n${v.actor} さんがあなたをチーム「${v.team}」の副管理者に指定しました。チームにメンバーを招待できるようになりました。\n\n${v.link}\n\n${v.brand}` }),
  },
  deputyRemoved: {
    'zh-TW': (v) => ({ subject: `[${v.brand}] 您已不是團隊「${v.team}」的副管理員`, body: `${v.name} 您好：\n\n${v.actor} 已取消您在團隊「${v.team}」的副管理員身分，您仍是團隊成員。\n\n${v.brand}` }),
    en: (v) => ({ subject: `[${v.brand}] You are no longer a deputy administrator of "${v.team}"`, body: `Hello ${v.name},\n\n${v.actor} removed your deputy administrator role in the team "${v.team}". You remain a member of the team.\n\n${v.brand}` }),
    'zh-CN': (v) => ({ subject: `[${v.brand}] 您已不是团队“${v.team}”的副管理员`, body: `${v.name} 您好：\n\n${v.actor} 已取消您在团队“${v.team}”的副管理员身份，您仍是团队成员。\n\n${v.brand}` }),
    ja: (v) => ({ subject: `[${v.brand}] チーム「${v.team}」の副管理者ではなくなりました`, body: `${v.name} 様\n\n${v.actor} さんがチーム「${v.team}」でのあなたの副管理者の役割を外しました。チームメンバーのままです。\n\n${v.brand}` }),
  },
  adminHandedOver: {
    'zh-TW': (v) => ({ subject: `[${v.brand}] 您已成為團隊「${v.team}」的管理員`, body: `${v.name} 您好：\n\n${v.actor} 已將團隊「${v.team}」的管理員身分移交給您。您現在可以管理成員、指定副管理員並轉移團隊點數：\n\n${v.link}\n\n${v.brand}` }),
    en: (v) => ({ subject: `[${v.brand}] You are now the administrator of "${v.team}"`, body: `Hello ${v.name},\n\n${v.actor} handed the administrator role of the team "${v.team}" to you. You can now manage members, name deputies and transfer the team's points:\n\n${v.link}\n\n${v.brand}` }),
    'zh-CN': (v) => ({ subject: `[${v.brand}] 您已成为团队“${v.team}”的管理员`, body: `${v.name} 您好：\n\n${v.actor} 已将团队“${v.team}”的管理员身份移交给您。您现在可以管理成员、指定副管理员并转移团队点数：\n\n${v.link}\n\n${v.brand}` }),
    ja: (v) => ({ subject: `[${v.brand}] チーム「${v.team}」の管理者になりました`, body: `${v.name} 様\n\n${v.actor} さんがチーム「${v.team}」の管理者の役割をあなたに引き継ぎました。メンバーの管理、副管理者の指定、チームポイントの移転ができるようになりました。\n\n${v.link}\n\n${v.brand}` }),
  },
};

export function teamMail(
  config: Deps['config'],
  kind: TeamMailKind,
  to: { name: string; email: string; language: string },
  team: { id: string; name: string },
  actor: { name: string },
) {
  const language = (to.language in texts[kind] ? to.language : 'zh-TW') as Language;
  const link = portalLink(config, `/management-center/team-members?team=${team.id}`, language);
  const text = texts[kind][language]({ brand: config.BRAND_NAME, name: to.name, team: team.name, actor: actor.name, link });
  return { kind: `team.${kind}`, recipient: to.email, ...text };
}
