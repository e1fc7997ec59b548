import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/deps';
import { auditLog, platformDeliveries } from '../../../src/server/db/schema';
import { createPlatformConnector } from '../../../src/server/modules/platform/platform.connector';
import { allDomainsAt } from '../../../src/server/modules/platform/platform-domains';
import { enqueuePlatformDelivery, readBuyAndUsage, readPlatformPointRecords, schedulePlatformDeliveries, undeliveredPoints } from '../../../src/server/modules/platform/platform.service';
import { MAX_DELIVERY_ATTEMPTS, deliverPlatformDelivery, deliveryRetryDelayMs, listPlatformDeliveries, retryPlatformDelivery, sweepPlatformDeliveries } from '../../../src/server/modules/platform/platform-deliveries.service';
import { EMULATOR_KEY } from '../../../src/server/platform-emulator/emulator.server';
import { isRemit, platformDomainKey } from '../../../src/shared/platform';
import { projectType } from '../../../src/shared/points';
import { startScriptedPlatform } from '../../fixtures/scripted-platform';
import { openTestServices, silentLog, type TestServices } from '../../fixtures/services';

let services: TestServices;
let now = new Date('2026-11-23T10:00:00Z');
let deps: Deps;
let sequence = 0;
const nextGroup = () => `D${String(++sequence).padStart(13, '0')}`;
const cloudB = platformDomainKey.cloudB;

beforeAll(async () => {
  services = await openTestServices();
  deps = { ...services.deps, clock: () => now };
});
afterAll(() => services.close());

const advance = (ms: number) => (now = new Date(now.getTime() + ms));

function purchase(groupId: string, tenths: number) {
  return { call: 'purchase-record', domainKey: cloudB, input: { groupId, purPointTenths: tenths, purTime: now, purBy: 'staff@inspectra.example', isRemit: isRemit.paid, projectType: projectType.mPoint } } as const;
}

async function enqueue(request: Parameters<typeof enqueuePlatformDelivery>[1]) {
  return deps.db.transaction((tx) => enqueuePlatformDelivery(tx, request, now));
}

async function remaining(groupId: string): Promise<number> {
  const line = (await readBuyAndUsage(deps, cloudB, groupId)).find((entry) => entry.projectType === projectType.mPoint);
  return line ? line.buyTenths - line.usedTenths : 0;
}

function withPlatformAt(url: string, timeoutMs = 2000): Deps {
  return { ...deps, platform: createPlatformConnector({ mode: 'remote', domains: allDomainsAt(url), key: EMULATOR_KEY, timeoutMs, readRetries: 0, log: silentLog }) };
}

describe('the platform outbox', () => {
  it('is written with the caller\'s transaction: a rollback leaves no delivery, an unknown domain rolls the change back', async () => {
    const group = nextGroup();
    await expect(
      deps.db.transaction(async (tx) => {
        await enqueuePlatformDelivery(tx, purchase(group, 20), now);
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.subject, group))).toHaveLength(0);

    await expect(enqueue({ ...purchase(group, 20), domainKey: null })).rejects.toMatchObject({ code: 'UndefinedDomain' });
    await expect(enqueue({ ...purchase(group, 20), domainKey: 'cloud-z' })).rejects.toMatchObject({ code: 'UndefinedDomain' });
    await expect(enqueue({ ...purchase(group, 0) })).rejects.toThrow();
    expect(await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.subject, group))).toHaveLength(0);
  });

  it('delivers once with its idempotency key, even when 20 workers race for it', async () => {
    const group = nextGroup();
    const { id, idempotencyKey } = await enqueue(purchase(group, 25));
    expect(idempotencyKey).toMatch(/^portal-/);
    expect(await undeliveredPoints(deps.db, group)).toEqual({ outgoing: {}, incoming: { [projectType.mPoint]: 25 } });
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => deliverPlatformDelivery(deps, id)));
    expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'not-due')).toHaveLength(19);
    expect(await remaining(group)).toBe(25);
    expect(await undeliveredPoints(deps.db, group)).toEqual({ outgoing: {}, incoming: {} });
    const [row] = await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id));
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
    expect((row!.response as { recordId: string }).recordId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await readPlatformPointRecords(deps, cloudB, group)).map((record) => record.tenths)).toEqual([25]);
  });

  it('a call that timed out after the platform applied it is retried without doubling', async () => {
    const group = nextGroup();
    let lose = true;
    const lossy = await startScriptedPlatform(({ path }) => (path.endsWith('/purchase-record') && lose ? 'forward-then-hang' : 'forward'), services.platform.emulatorUrl);
    const viaLossy = withPlatformAt(lossy.url, 400);
    const { id } = await enqueue(purchase(group, 20));

    await expect(deliverPlatformDelivery(viaLossy, id)).resolves.toBe('retry');
    expect(await remaining(group)).toBe(20);
    const [waiting] = await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/timeout/);

    lose = false;
    expect(await sweepPlatformDeliveries(viaLossy)).toBe(0);
    advance(16_000);
    expect(await sweepPlatformDeliveries(viaLossy)).toBe(1);
    expect(await remaining(group)).toBe(20);
    expect(lossy.hits.get('/scapi/v1/ai/purchase-record')).toBe(2);
    const [done] = await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id));
    expect(done).toMatchObject({ status: 'delivered', attempts: 2 });
    await lossy.close();
  });

  it('backs off, is failed after the last try, shows as failed, and is delivered by a staff retry', async () => {
    const group = nextGroup();
    const down = await startScriptedPlatform(() => ({ status: 503, body: 'maintenance' }));
    const viaDown = withPlatformAt(down.url);
    const { id } = await enqueue(purchase(group, 30));
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      outcomes.push(await deliverPlatformDelivery(viaDown, id));
      expect(await deliverPlatformDelivery(viaDown, id)).toBe('not-due');
      advance(15_000 * 2 ** (attempt - 1));
    }
    expect(outcomes).toEqual([...Array(MAX_DELIVERY_ATTEMPTS - 1).fill('retry'), 'failed']);
    expect(down.hits.get('/scapi/v1/ai/purchase-record')).toBe(MAX_DELIVERY_ATTEMPTS);
    await down.close();

    const failed = await listPlatformDeliveries(deps, { failedOnly: true });
    expect(failed.map((delivery) => delivery.id)).toContain(id);
    expect(failed.find((delivery) => delivery.id === id)).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, call: 'purchase-record', subject: group });
    expect(await undeliveredPoints(deps.db, group)).toEqual({ outgoing: {}, incoming: { [projectType.mPoint]: 30 } });

    const operator = { staffId: null, staffEmail: 'finance@inspectra.example', address: '198.51.100.9' };
    const retried = await retryPlatformDelivery(deps, id, operator);
    expect(retried).toMatchObject({ outcome: 'delivered', delivery: { status: 'delivered', attempts: 1 } });
    expect(await remaining(group)).toBe(30);
    // The retry is in the audit log, with the failure it answered.
    const audited = await deps.db.select().from(auditLog).where(eq(auditLog.target, `delivery:${id}`));
    expect(audited).toEqual([expect.objectContaining({ action: 'platform.retry', staffEmail: 'finance@inspectra.example', before: expect.objectContaining({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS }) })]);
    await expect(retryPlatformDelivery(deps, id, operator)).rejects.toMatchObject({ code: 'OperationError', params: { reason: 'deliveryNotFailed' } });
    await expect(retryPlatformDelivery(deps, '00000000-0000-4000-8000-000000000000', operator)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('a refusal by the platform fails the delivery at once; pending transfers count against the source', async () => {
    const group = nextGroup();
    const team = 'TDELIVERY00001';
    const funded = await enqueue(purchase(group, 50));
    await deliverPlatformDelivery(deps, funded.id);
    const transfer = { call: 'point-transfer' as const, domainKey: cloudB, groupId: group, input: { transferBy: 'admin', from: group, to: team, transferList: [{ projectType: projectType.mPoint, transferPointTenths: 40 }], purTime: now } };
    const first = await enqueue(transfer);
    const second = await enqueue(transfer);
    expect(await undeliveredPoints(deps.db, group)).toEqual({ outgoing: { [projectType.mPoint]: 80 }, incoming: {} });
    expect(await undeliveredPoints(deps.db, team)).toEqual({ outgoing: {}, incoming: { [projectType.mPoint]: 80 } });
    // The first one through sends the second, which waited behind it.
    await expect(deliverPlatformDelivery(deps, first.id)).resolves.toBe('delivered');
    await expect(deliverPlatformDelivery(deps, second.id)).resolves.toBe('not-due');
    const [refused] = await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, second.id));
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await remaining(group)).toBe(10);
    expect(await remaining(team)).toBe(40);
  });

  it("sends an account's points calls in the order they were written: a transfer waits behind the credit it spends while that is retried", async () => {
    const group = nextGroup();
    const team = `T${group.slice(1)}`;
    const statusOf = async (id: string) => (await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id)))[0]!;
    const toTeam = (tenths: number) => ({
      call: 'point-transfer' as const,
      domainKey: cloudB,
      groupId: group,
      input: { transferBy: 'admin', from: group, to: team, transferList: [{ projectType: projectType.mPoint, transferPointTenths: tenths }], purTime: now },
    });
    const credit = await enqueue(purchase(group, 50));
    const transfer = await enqueue(toTeam(40));
    // The platform cannot be reached when the credit is first sent.
    await expect(deliverPlatformDelivery(withPlatformAt('http://127.0.0.1:9', 500), credit.id)).resolves.toBe('retry');
    // Sent now, the transfer would be refused by a platform that has not seen the credit: it waits.
    await expect(deliverPlatformDelivery(deps, transfer.id)).resolves.toBe('not-due');
    expect(await statusOf(transfer.id)).toMatchObject({ status: 'pending', attempts: 0 });
    // Another account's calls do not wait.
    const other = await enqueue(purchase(nextGroup(), 10));
    await expect(deliverPlatformDelivery(deps, other.id)).resolves.toBe('delivered');
    // The credit's retry goes through, and the transfer behind it with it.
    advance(deliveryRetryDelayMs(1));
    await expect(deliverPlatformDelivery(deps, credit.id)).resolves.toBe('delivered');
    expect(await statusOf(transfer.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await remaining(group)).toBe(10);
    expect(await remaining(team)).toBe(40);
    // A call the platform refuses is failed and left to staff; the account's later calls go on.
    const refused = await enqueue(toTeam(100));
    await expect(deliverPlatformDelivery(deps, refused.id)).resolves.toBe('failed');
    const next = await enqueue(purchase(group, 20));
    await expect(deliverPlatformDelivery(deps, next.id)).resolves.toBe('delivered');
    expect(await remaining(group)).toBe(30);
  });

  it("leaves a call to the run that is sending its account's calls already, which sends it next", async () => {
    const group = nextGroup();
    const statusOf = async (id: string) => (await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id)))[0]!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The platform holds the account's first call until the test lets it through.
    const slow = await startScriptedPlatform(async ({ hit }) => {
      if (hit === 1) await held;
      return 'forward' as const;
    }, services.platform.emulatorUrl);
    const viaSlow = withPlatformAt(slow.url, 5000);
    const first = await enqueue(purchase(group, 20));
    const sending = deliverPlatformDelivery(viaSlow, first.id, first.sequenceKey);
    await expect.poll(() => [...slow.hits.values()].reduce((sum, hits) => sum + hits, 0)).toBe(1);
    const second = await enqueue(purchase(group, 30));
    // A run for the second call while the first is on its way leaves it to that run without a query
    // (a claim would only find it waiting): its database is a tripwire here.
    const noQuery = new Proxy({}, { get: () => { throw new Error('the run queried the database'); } }) as Deps['db'];
    await expect(deliverPlatformDelivery({ ...viaSlow, db: noQuery }, second.id, second.sequenceKey)).resolves.toBe('not-due');
    expect(await statusOf(second.id)).toMatchObject({ status: 'pending', attempts: 0 });
    release();
    // The run sending the first sends the second after it, with no other run and no sweep.
    await expect(sending).resolves.toBe('delivered');
    expect(await statusOf(second.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await remaining(group)).toBe(50);
    await slow.close();
  });

  it("creates an account on the platform before its enterprise account's later points calls: a credit waits while the user/create is retried", async () => {
    const group = nextGroup();
    const statusOf = async (id: string) => (await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id)))[0]!;
    const created = await enqueue({ call: 'user-create', domainKey: cloudB, groupId: group, input: { groupId: group, createBy: 'staff', userId: `u-${group}`, userName: '林', password: 'Secret-platform-2' } });
    const credit = await enqueue(purchase(group, 20));
    // A user/update keeps no place in the sequence: it is not held back.
    const update = await enqueue({ call: 'user-update', domainKey: cloudB, input: { userId: `other-${group}`, modifyBy: 'staff', modifyTime: now, isClose: true } });
    await expect(deliverPlatformDelivery(withPlatformAt('http://127.0.0.1:9', 500), created.id)).resolves.toBe('retry');
    await expect(deliverPlatformDelivery(deps, credit.id)).resolves.toBe('not-due');
    expect(await statusOf(credit.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await remaining(group)).toBe(0);
    // Staff see what the credit waits for; the user/create waits for nothing.
    const listed = await listPlatformDeliveries(deps, { limit: 500 });
    expect(listed.find((row) => row.id === credit.id)!.waitingFor).toEqual({ id: created.id, call: 'user-create', createdAt: now });
    expect(listed.find((row) => row.id === created.id)!.waitingFor).toBeNull();
    await expect(deliverPlatformDelivery(deps, update.id)).resolves.not.toBe('not-due');
    // The account's creation goes through on its retry, and the credit behind it with it.
    advance(deliveryRetryDelayMs(1));
    await expect(deliverPlatformDelivery(deps, created.id)).resolves.toBe('delivered');
    expect(await statusOf(credit.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await remaining(group)).toBe(20);
    expect((await listPlatformDeliveries(deps, { limit: 500 })).find((row) => row.id === credit.id)!.waitingFor).toBeNull();
  });

  it('keeps no password of a delivered user-create, and the job delivers what the queue is given', async () => {
    const group = nextGroup();
    const { id } = await enqueue({ call: 'user-create', domainKey: cloudB, groupId: group, input: { groupId: group, createBy: 'staff', userId: `u-${group}`, userName: '陳', password: 'Secret-platform-1' } });
    await schedulePlatformDeliveries(deps, [id]);
    await services.jobs.start(deps);
    await expect.poll(async () => (await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id)))[0]!.status, { timeout: 20_000 }).toBe('delivered');
    const [row] = await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id));
    expect(JSON.stringify(row!.payload)).not.toContain('Secret-platform-1');
  });

  it('is delivered by the process that runs jobs as soon as it is scheduled, with no job row written', async () => {
    const group = nextGroup();
    const ids: string[] = [];
    // The job rows of these deliveries only: a row an earlier test queued before the jobs started is
    // removed by the queue whenever it runs, so the table's whole count changes under this test.
    const jobRows = async () =>
      Number((await deps.db.execute<{ total: string }>(sql`select count(*) as total from agenda_jobs where name = 'deliver-platform-call' and data->>'id' in ${ids}`)).rows[0]!.total);
    for (const tenths of [20, 30, 50]) {
      const { id } = await enqueue(purchase(group, tenths));
      await schedulePlatformDeliveries(deps, [id]);
      ids.push(id);
    }
    expect(await jobRows()).toBe(0);
    await expect.poll(async () => (await deps.db.select().from(platformDeliveries).where(inArray(platformDeliveries.id, ids))).map((row) => row.status), { timeout: 10_000 }).toEqual(['delivered', 'delivered', 'delivered']);
    expect(await remaining(group)).toBe(100);
    expect(await jobRows()).toBe(0);
  });
});
