import { z } from 'zod';
import { isRemit, projectTypeField } from '../../../shared/platform';

/**
 * The inputs and replies of the seven platform calls (spec section 7), as the connector takes and
 * gives them: camelCase, points in integer tenths, dates as Date. The wire names and decimal points
 * are the connector's business. The write inputs are also the payloads of `platform_deliveries`.
 */
const id = z.string().trim().min(1).max(100);
const tenths = z.number().int().positive();
const date = z.coerce.date();

export const createUserInput = z.object({
  groupId: id,
  createBy: id,
  userId: id,
  userName: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
  isClose: z.boolean().default(false),
  isTeam: z.boolean().default(false),
  trialPointType: projectTypeField.nullable().default(null),
});
export type CreateUserInput = z.input<typeof createUserInput>;

export const updateUserInput = z.object({
  userId: id,
  modifyBy: id,
  modifyTime: date,
  isClose: z.boolean().optional(),
  userName: z.string().trim().min(1).max(200).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserInput>;

export const changePasswordInput = z.object({
  userIds: z.array(id).min(1),
  /** Null after a reset by mail, when the old password is not known. */
  oldPassword: z.string().nullable(),
  newPassword: z.string().min(1),
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const purchaseRecordInput = z.object({
  groupId: id,
  purPointTenths: tenths,
  purTime: date,
  purBy: id,
  isRemit: z.enum([isRemit.paid, isRemit.unpaid]),
  projectType: projectTypeField,
});
export type PurchaseRecordInput = z.input<typeof purchaseRecordInput>;

export const pointTransferInput = z.object({
  transferBy: id,
  from: id,
  to: id.nullable().default(null),
  transferList: z.array(z.object({ projectType: projectTypeField, transferPointTenths: tenths })).min(1),
  purTime: date,
});
export type PointTransferInput = z.input<typeof pointTransferInput>;

/** One line of group-buy-and-usage: what an account bought (and was given) and used of one project type. */
export interface BuyAndUsage {
  projectType: number;
  buyTenths: number;
  usedTenths: number;
}

/** One line of get-point-record. */
export interface PlatformPointRecord {
  recordId: string;
  recordType: 'purchase' | 'transfer_in' | 'transfer_out' | 'usage';
  groupId: string;
  projectType: number;
  tenths: number;
  time: Date;
  by: string;
  isRemit: string | null;
  taskType: string | null;
}

/** The signed 'use platform' redirect (spec section 7: id, pw, time, project_type, funcId, appId, optional view). */
export const loginTicketInput = z.object({
  userId: id,
  projectType: projectTypeField,
  funcId: z.string().max(100).default(''),
  appId: z.string().max(100).default(''),
  view: z.boolean().default(false),
});
export type LoginTicketInput = z.input<typeof loginTicketInput>;
