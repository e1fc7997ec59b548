import { z } from 'zod';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import {
  changePasswordInput,
  createUserInput,
  loginTicketInput,
  pointTransferInput,
  purchaseRecordInput,
  updateUserInput,
  type BuyAndUsage,
  type ChangePasswordInput,
  type CreateUserInput,
  type LoginTicketInput,
  type PlatformPointRecord,
  type PointTransferInput,
  type PurchaseRecordInput,
  type UpdateUserInput,
} from './platform-calls';
import { isPlatformDomainKey, type PlatformDomainTable } from './platform-domains';
import { PlatformApiException, PlatformApiFailResponse } from './platform-errors';
import { loginQuery } from './platform-login';

/**
 * The typed client of the seven platform calls (spec section 7). The base address comes from the
 * account's domain_key through the configuration table; the shared key travels in the body or
 * query. Every reply is parsed with zod: `type` other than 0 throws PlatformApiFailResponse; a
 * network failure, time-out, HTTP error without a platform reply, or a reply of the wrong shape
 * throws PlatformApiException. Reads are retried a bounded number of times after an exception;
 * writes never are (their deliveries are, with the same idempotency key).
 */
export interface PlatformConnector {
  /** 'emulator' when no platform address is configured and the built-in emulator answers. */
  readonly mode: 'emulator' | 'remote';
  createUser(domainKey: string | null, input: CreateUserInput, options?: WriteOptions): Promise<{ userId: string }>;
  updateUser(domainKey: string | null, input: UpdateUserInput, options?: WriteOptions): Promise<{ userId: string }>;
  changePassword(domainKey: string | null, input: ChangePasswordInput): Promise<void>;
  getPointRecord(domainKey: string | null, query?: { groupId?: string }): Promise<PlatformPointRecord[]>;
  purchaseRecord(domainKey: string | null, input: PurchaseRecordInput, options?: WriteOptions): Promise<{ recordId: string }>;
  groupBuyAndUsage(domainKey: string | null, query: { groupId: string }): Promise<BuyAndUsage[]>;
  pointTransfer(domainKey: string | null, input: PointTransferInput, options?: WriteOptions): Promise<{ transferId: string }>;
  /** The signed address of the platform's login page for the 'use platform' redirect. */
  loginUrl(domainKey: string | null, ticket: LoginTicketInput, now: Date): string;
  /** The address members reach the platform of a domain_key at (its login page's base); UndefinedDomain for none. */
  hostAddress(domainKey: string | null): string;
}

export interface WriteOptions {
  /** Sent as the Idempotency-Key header: the platform applies a key once and answers repeats with the first result. */
  idempotencyKey?: string;
}

export interface ConnectorOptions {
  mode: 'emulator' | 'remote';
  domains: PlatformDomainTable;
  /** Where the browser reaches each domain's login page, when not at the API address (the emulator behind the portal). */
  loginBase?: string;
  key: string;
  timeoutMs: number;
  readRetries: number;
  log: Logger;
  fetch?: typeof fetch;
}

const envelope = z.object({ type: z.number().int(), message: z.string().optional(), data: z.unknown().optional() });
const decimalPoints = z.number().finite().nonnegative();
const toTenths = (points: number) => Math.round(points * 10);
const toPoints = (tenths: number) => tenths / 10;

const userReply = z.object({ user_id: z.string() });
const purchaseReply = z.object({ record_id: z.string() });
const transferReply = z.object({ transfer_id: z.string() });
const buyAndUsageReply = z.array(z.object({ project_type: z.number().int(), buy_points: decimalPoints, used_points: decimalPoints }));
const pointRecordReply = z.array(
  z.object({
    record_id: z.string(),
    record_type: z.enum(['purchase', 'transfer_in', 'transfer_out', 'usage']),
    group_id: z.string(),
    project_type: z.number().int(),
    point: decimalPoints,
    time: z.iso.datetime({ offset: true }),
    by: z.string(),
    is_remit: z.string().nullable(),
    task_type: z.string().nullable(),
  }),
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPlatformConnector(options: ConnectorOptions): PlatformConnector {
  const send = options.fetch ?? fetch;

  function baseFor(domainKey: string | null): string {
    const base = isPlatformDomainKey(domainKey) ? options.domains[domainKey] : undefined;
    if (!base) throw new AppError('UndefinedDomain');
    return base.replace(/\/$/, '');
  }

  async function once<T>(call: string, domainKey: string | null, request: { method: string; path: string; query?: URLSearchParams; body?: BodyInit; json?: unknown; idempotencyKey?: string }, reply: z.ZodType<T>): Promise<T> {
    const url = `${baseFor(domainKey)}${request.path}${request.query ? `?${request.query}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    let body = request.body;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const started = Date.now();
    let response: Response;
    let text: string;
    try {
      response = await send(url, { method: request.method, headers, body, signal: AbortSignal.timeout(options.timeoutMs) });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PlatformApiException(call, timedOut ? 'timeout' : 'network', error instanceof Error ? error.message : String(error), { cause: error });
    }
    options.log.debug({ call, domainKey, status: response.status, ms: Date.now() - started }, 'platform call');
    let parsed: z.infer<typeof envelope>;
    try {
      parsed = envelope.parse(JSON.parse(text));
    } catch (error) {
      if (!response.ok) throw new PlatformApiException(call, 'status', `HTTP ${response.status}`);
      throw new PlatformApiException(call, 'shape', 'the reply is not a platform reply', { cause: error });
    }
    if (parsed.type !== 0) throw new PlatformApiFailResponse(call, parsed.type, parsed.message ?? '');
    if (!response.ok) throw new PlatformApiException(call, 'status', `HTTP ${response.status}`);
    const data = reply.safeParse(parsed.data);
    if (!data.success) throw new PlatformApiException(call, 'shape', z.prettifyError(data.error), { cause: data.error });
    return data.data;
  }

  async function read<T>(call: string, domainKey: string | null, request: Parameters<typeof once>[2], reply: z.ZodType<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(call, domainKey, request, reply);
      } catch (error) {
        if (!(error instanceof PlatformApiException) || attempt >= options.readRetries) throw error;
        options.log.warn({ call, domainKey, attempt: attempt + 1, reason: error.reason }, 'platform read failed; trying again');
        await sleep(100 * 2 ** attempt);
      }
    }
  }

  return {
    mode: options.mode,

    async createUser(domainKey, raw, write = {}) {
      const input = createUserInput.parse(raw);
      const json = {
        key: options.key,
        group_id: input.groupId,
        create_by: input.createBy,
        user_id: input.userId,
        user_name: input.userName,
        password: input.password,
        is_close: input.isClose ? 1 : 0,
        isTeam: input.isTeam ? 1 : 0,
        trial_point_type: input.trialPointType,
      };
      const data = await once('user/create', domainKey, { method: 'POST', path: '/scapi/v1/ai/user/create', json, idempotencyKey: write.idempotencyKey }, userReply);
      return { userId: data.user_id };
    },

    async updateUser(domainKey, raw, write = {}) {
      const input = updateUserInput.parse(raw);
      const json: Record<string, unknown> = { key: options.key, user_id: input.userId, modify_by: input.modifyBy, modify_time: input.modifyTime.toISOString() };
      if (input.isClose !== undefined) json.is_close = input.isClose ? 1 : 0;
      if (input.userName !== undefined) json.user_name = input.userName;
      const data = await once('user/update', domainKey, { method: 'PUT', path: '/scapi/v1/ai/user/update', json, idempotencyKey: write.idempotencyKey }, userReply);
      return { userId: data.user_id };
    },

    async changePassword(domainKey, raw) {
      const input = changePasswordInput.parse(raw);
      const form = new URLSearchParams({ key: options.key, oldpwd: input.oldPassword ?? '', newpwd: input.newPassword, confirmpwd: input.newPassword });
      for (const userId of input.userIds) form.append('user_id_list[]', userId);
      await once('changepwd', domainKey, { method: 'POST', path: '/scapi/v1/changepwd', body: form }, z.unknown());
    },

    async getPointRecord(domainKey, query = {}) {
      const search = new URLSearchParams({ key: options.key });
      if (query.groupId) search.set('group_id', query.groupId);
      const rows = await read('get-point-record', domainKey, { method: 'GET', path: '/scapi/v1/ai/get-point-record', query: search }, pointRecordReply);
      return rows.map((row) => ({
        recordId: row.record_id,
        recordType: row.record_type,
        groupId: row.group_id,
        projectType: row.project_type,
        tenths: toTenths(row.point),
        time: new Date(row.time),
        by: row.by,
        isRemit: row.is_remit,
        taskType: row.task_type,
      }));
    },

    async purchaseRecord(domainKey, raw, write = {}) {
      const input = purchaseRecordInput.parse(raw);
      const json = {
        key: options.key,
        group_id: input.groupId,
        pur_point: toPoints(input.purPointTenths),
        pur_time: input.purTime.toISOString(),
        pur_by: input.purBy,
        is_remit: input.isRemit,
        project_type: input.projectType,
      };
      const data = await once('purchase-record', domainKey, { method: 'PUT', path: '/scapi/v1/ai/purchase-record', json, idempotencyKey: write.idempotencyKey }, purchaseReply);
      return { recordId: data.record_id };
    },

    async groupBuyAndUsage(domainKey, query) {
      const search = new URLSearchParams({ key: options.key, group_id: query.groupId });
      const rows = await read('group-buy-and-usage', domainKey, { method: 'GET', path: '/scapi/v1/ai/group-buy-and-usage', query: search }, buyAndUsageReply);
      return rows.map((row) => ({ projectType: row.project_type, buyTenths: toTenths(row.buy_points), usedTenths: toTenths(row.used_points) }));
    },

    async pointTransfer(domainKey, raw, write = {}) {
      const input = pointTransferInput.parse(raw);
      const json: Record<string, unknown> = {
        key: options.key,
        transfer_by: input.transferBy,
        from: input.from,
        transfer_list: input.transferList.map((entry) => ({ project_type: entry.projectType, transfer_point: toPoints(entry.transferPointTenths) })),
        pur_time: input.purTime.toISOString(),
      };
      if (input.to) json.to = input.to;
      const data = await once('point-transfer', domainKey, { method: 'POST', path: '/scapi/v1/ai/point-transfer', json, idempotencyKey: write.idempotencyKey }, transferReply);
      return { transferId: data.transfer_id };
    },

    hostAddress(domainKey) {
      const apiBase = baseFor(domainKey);
      return (options.loginBase ?? apiBase).replace(/\/$/, '');
    },

    loginUrl(domainKey, raw, now) {
      const ticket = loginTicketInput.parse(raw);
      const apiBase = baseFor(domainKey);
      const base = options.loginBase ?? apiBase;
      const query = loginQuery(options.key, { id: ticket.userId, time: Math.floor(now.getTime() / 1000), projectType: ticket.projectType, funcId: ticket.funcId, appId: ticket.appId, view: ticket.view });
      return `${base.replace(/\/$/, '')}/login?${query}`;
    },
  };
}
