import { staffPermissions, type MailSettings, type MailSettingsInput, type StaffPermission } from '../../../shared/staff';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { findMailSettings, lockMailSettings, saveMailSettings, type MailSettingsRow } from './mail-settings.repository';
import { staffHolding } from './permissions.service';
import type { StaffRow } from './staff.repository';

type Masters = Pick<Deps['config'], 'MAIL_NOTIFICATIONS' | 'CHAT_NOTIFICATIONS'>;

function toSettings(row: MailSettingsRow | undefined, masters: Masters): MailSettings {
  const routes = Object.fromEntries(staffPermissions.map((permission) => [permission, row?.routes[permission] ?? true])) as Record<StaffPermission, boolean>;
  return {
    routes,
    staffMail: row?.staffMail ?? true,
    chatNotices: row?.chatNotices ?? true,
    masters: { mail: masters.MAIL_NOTIFICATIONS, chat: masters.CHAT_NOTIFICATIONS },
    updatedAt: row?.updatedAt ?? null,
  };
}

export async function getMailSettings(deps: Pick<Deps, 'db' | 'config'>): Promise<MailSettings> {
  return toSettings(await findMailSettings(deps.db), deps.config);
}

/** Saves the mail setting (super staff, checked by the procedure) with its audit row in one transaction. */
export async function updateMailSettings(deps: Pick<Deps, 'db' | 'clock' | 'config'>, actor: StaffActor, input: MailSettingsInput): Promise<MailSettings> {
  const row = await deps.db.transaction(async (tx) => {
    const before = toSettings(await lockMailSettings(tx), deps.config);
    const routes = { ...before.routes, ...input.routes };
    const saved = await saveMailSettings(tx, { routes, staffMail: input.staffMail, chatNotices: input.chatNotices, updatedAt: deps.clock(), updatedBy: actor.staffId });
    await recordStaffAction(tx, {
      ...actor,
      action: 'settings.mail',
      target: 'mail-settings',
      before: { routes: before.routes, staffMail: before.staffMail, chatNotices: before.chatNotices },
      after: { routes, staffMail: input.staffMail, chatNotices: input.chatNotices },
    });
    return saved;
  });
  return toSettings(row, deps.config);
}

/**
 * Who is told of an event tied to `permission`, inside the event's transaction: the staff holding the
 * permission when staff mails are on (deployment and back office) and the permission is routed, and
 * whether a chat notice goes out. Every module that notifies staff asks here, so the setting holds everywhere.
 */
export async function staffNotices(tx: Executor, config: Masters, permission: StaffPermission): Promise<{ recipients: StaffRow[]; chat: boolean }> {
  const settings = toSettings(await findMailSettings(tx), config);
  const mail = settings.masters.mail && settings.staffMail && settings.routes[permission];
  return { recipients: mail ? await staffHolding(tx, permission) : [], chat: settings.masters.chat && settings.chatNotices };
}
