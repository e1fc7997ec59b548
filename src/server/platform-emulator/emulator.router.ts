import express, { type Request, type Response, type Router } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EmulatorOptions } from './emulator.options';
import { loginPage } from './login-page';
import { EmulatorRefusal, applyOnce, balances, changePasswords, createUser, pointRecords, recordPurchase, recordUsage, refusalType, transferPoints, updateUser, writeOnce } from './store';

/**
 * The AI platform emulator over HTTP: the seven calls of spec section 7 with the platform's reply
 * envelope (`{type: 0, data}` or `{type, message}`), a usage endpoint that stands in for training
 * and prediction, and the login page of the 'use platform' redirect. Mounted at /platform-emulator
 * when no platform address is configured.
 */

const projectType = z.coerce.number().int().refine((value) => [0, 1, 2, 3, 9].includes(value), 'unknown project_type');
const points = z.coerce.number().positive().refine((value) => Number.isInteger(Math.round(value * 10)) && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'at most one decimal');
const id = z.string().min(1).max(100);
const flag = z.coerce.number().int().min(0).max(1);
const time = z.coerce.date();

const createUserBody = z.object({ group_id: id, create_by: id, user_id: id, user_name: z.string().min(1), password: z.string().min(1), is_close: flag.default(0), isTeam: flag.default(0), trial_point_type: projectType.nullable().optional() });
const updateUserBody = z.object({ user_id: id, modify_by: id, modify_time: time, is_close: flag.optional(), user_name: z.string().min(1).optional() });
const changePasswordBody = z.object({ oldpwd: z.string().default(''), newpwd: z.string().min(1), confirmpwd: z.string(), user_id_list: z.array(id).min(1) });
const purchaseBody = z.object({ group_id: id, pur_point: points, pur_time: time, pur_by: id, is_remit: z.enum(['Y', 'N']), project_type: projectType });
const transferBody = z.object({
  transfer_by: id,
  from: id,
  to: id.optional(),
  transfer_list: z.array(z.object({ project_type: projectType, transfer_point: points })).min(1),
  pur_time: time,
});
const usageBody = z.object({ group_id: id, project_type: projectType, hours: z.coerce.number().positive(), task_type: z.enum(['training', 'prediction']).default('training'), by: id.default('emulator') });

const tenths = (value: number) => Math.round(value * 10);

export function createPlatformEmulatorRouter(options: EmulatorOptions): Router {
  const router = express.Router();
  router.use(express.json({ limit: '64kb' }));
  router.use(express.urlencoded({ extended: false, limit: '64kb' }));

  /** Checks the shared key, parses the input and answers in the platform's envelope. */
  function handle<S extends z.ZodType>(schema: S, work: (input: z.output<S>, req: Request) => Promise<unknown>) {
    return async (req: Request, res: Response) => {
      const source = (req.method === 'GET' ? req.query : req.body ?? {}) as Record<string, unknown>;
      try {
        if (source.key !== options.key) throw new EmulatorRefusal(refusalType.invalidKey, 'invalid key');
        const parsed = schema.safeParse(source);
        if (!parsed.success) throw new EmulatorRefusal(refusalType.badParameter, z.prettifyError(parsed.error));
        res.json({ type: 0, data: await work(parsed.data, req) });
      } catch (error) {
        if (error instanceof EmulatorRefusal) {
          res.json({ type: error.type, message: error.message });
          return;
        }
        options.log.error({ err: error, path: req.path }, 'platform emulator failed');
        res.status(500).json({ type: 500, message: 'emulator error' });
      }
    };
  }
  const idempotencyKey = (req: Request) => req.header('idempotency-key') || undefined;

  router.post(
    '/scapi/v1/ai/user/create',
    handle(createUserBody, (input, req) =>
      applyOnce(options.db, 'user/create', idempotencyKey(req), { user_id: input.user_id }, (tx) =>
        createUser(
          tx,
          {
            userId: input.user_id,
            groupId: input.group_id,
            userName: input.user_name,
            password: input.password,
            isClose: input.is_close === 1,
            isTeam: input.isTeam === 1,
            trialPointType: input.trial_point_type ?? null,
            createdBy: input.create_by,
          },
          options.clock(),
        ),
      ),
    ),
  );

  router.put(
    '/scapi/v1/ai/user/update',
    handle(updateUserBody, (input, req) =>
      applyOnce(options.db, 'user/update', idempotencyKey(req), { user_id: input.user_id }, (tx) =>
        updateUser(tx, {
          userId: input.user_id,
          modifiedBy: input.modify_by,
          modifiedAt: input.modify_time,
          isClose: input.is_close === undefined ? undefined : input.is_close === 1,
          userName: input.user_name,
        }),
      ),
    ),
  );

  // A form post: `user_id_list[]` arrives once per account.
  router.post(
    '/scapi/v1/changepwd',
    handle(
      z.preprocess((body) => {
        const raw = (body as Record<string, unknown>)['user_id_list[]'];
        return { ...(body as object), user_id_list: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw] };
      }, changePasswordBody),
      (input) => {
        if (input.newpwd !== input.confirmpwd) throw new EmulatorRefusal(refusalType.badParameter, 'confirmpwd differs from newpwd');
        return options.db.transaction((tx) => changePasswords(tx, input.user_id_list, input.newpwd, options.clock()));
      },
    ),
  );

  router.get('/scapi/v1/ai/get-point-record', handle(z.object({ group_id: id.optional() }), (input) => pointRecords(options.db, input.group_id)));

  router.put(
    '/scapi/v1/ai/purchase-record',
    handle(purchaseBody, (input, req) => {
      const recordId = randomUUID();
      return writeOnce(options.db, 'purchase-record', idempotencyKey(req), { record_id: recordId }, (claim) =>
        recordPurchase(options.db, { recordId, groupId: input.group_id, tenths: tenths(input.pur_point), projectType: input.project_type, by: input.pur_by, isRemit: input.is_remit, at: input.pur_time }, claim),
      );
    }),
  );

  router.get(
    '/scapi/v1/ai/group-buy-and-usage',
    handle(z.object({ group_id: id }), async (input) =>
      (await balances(options.db, input.group_id)).map((line) => ({ project_type: line.projectType, buy_points: line.buyTenths / 10, used_points: line.usedTenths / 10 })),
    ),
  );

  router.post(
    '/scapi/v1/ai/point-transfer',
    handle(transferBody, (input, req) => {
      const transferId = randomUUID();
      return writeOnce(options.db, 'point-transfer', idempotencyKey(req), { transfer_id: transferId }, (claim) =>
        transferPoints(
          options.db,
          {
            transferId,
            from: input.from,
            to: input.to ?? null,
            by: input.transfer_by,
            list: input.transfer_list.map((entry) => ({ projectType: entry.project_type, tenths: tenths(entry.transfer_point) })),
            at: input.pur_time,
          },
          claim,
        ),
      );
    }),
  );

  /** Not a platform call: stands in for training and prediction spending an account's points. */
  router.post(
    '/emulator/usage',
    handle(usageBody, (input) =>
      recordUsage(options.db, { ownerId: input.group_id, projectType: input.project_type, hours: input.hours, taskType: input.task_type, by: input.by, at: options.clock() }),
    ),
  );

  router.get('/login', (req, res) => loginPage(options, req, res));
  return router;
}
