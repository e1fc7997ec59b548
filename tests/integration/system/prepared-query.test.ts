import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { userById } from '../../../src/server/modules/accounts/users.service';
import { findMessages } from '../../../src/server/modules/messages/messages.repository';
import { findOrders } from '../../../src/server/modules/orders/orders.repository';
import { claimDelivery, claimNextInSequence } from '../../../src/server/modules/platform/platform.repository';
import { makeMember } from '../../factories/members';
import { openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

describe('a query prepared once (db/prepared.ts)', () => {
  it('reads the same row, on the database and again after it changed', async () => {
    const { db } = services.deps;
    const member = await makeMember(db);
    expect((await userById(db, member.id))?.email).toBe(member.email);
    await db.update(users).set({ name: 'Renamed Buyer' }).where(eq(users.id, member.id));
    expect((await userById(db, member.id))?.name).toBe('Renamed Buyer');
    expect(await userById(db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('runs inside the caller’s transaction: it sees the transaction’s own row, which is gone after a rollback', async () => {
    const { db } = services.deps;
    let created: string | undefined;
    await db
      .transaction(async (tx) => {
        const member = await makeMember(tx);
        created = member.id;
        expect((await userById(tx, member.id))?.id).toBe(member.id);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    expect(created).toBeDefined();
    expect(await userById(db, created!)).toBeUndefined();
  });

  it('pages a list with a plan made once: the order and message lists are not planned again on every run', async () => {
    const { db } = services.deps;
    const member = await makeMember(db);
    // Tables of some size, as the planner sees them: on a handful of rows every plan costs the same.
    await db.execute(sql`
      insert into orders (id, group_id, created_by, idempotency_key, status, payment_type, total_minor, points_tenths, bonus_tenths, company_name, invoice_type, created_at, updated_at)
      select 'M1998' || lpad(g::text, 8, '0'), ${member.groupId}, ${member.id}, gen_random_uuid(), 0, 'REMITTANCE', 20000000, 400, 0, 'Planner Test Co.', 'PERSONAL',
             now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, 5000) as g`);
    await db.execute(sql`
      insert into customer_messages (status, first_name, last_name, email, phone, type, description, language, created_at)
      select 0, 'Plan', 'Visitor ' || g, 'visitor' || g || '@planner.example', '+886 2 2345 6789', 1, 'How are parts counted?', 'en', now() - g * interval '1 minute'
      from generate_series(1, 5000) as g`);
    await db.execute(sql`analyze orders`);
    await db.execute(sql`analyze customer_messages`);
    // On one connection (a transaction's), whose prepared statements pg_prepared_statements shows.
    const plans = await db.transaction(async (tx) => {
      for (let run = 0; run < 12; run++) {
        await findOrders(tx, { groupId: member.groupId }, { limit: 21 });
        await findMessages(tx, { limit: 21 });
      }
      const { rows } = await tx.execute<{ list: string; generic: number; custom: number }>(sql`
        select split_part(name, '_page_', 1) as list, sum(generic_plans)::int as generic, sum(custom_plans)::int as custom
        from pg_prepared_statements where name like 'orders\_page\_%' or name like 'messages\_page\_%' group by 1 order by 1`);
      return rows;
    });
    // PostgreSQL tries a plan made for the values five times, then keeps the generic one when it is
    // no dearer. With the limit as a parameter the generic plan reckoned on a tenth of the table and
    // never won: every run was planned again (0 generic plans).
    expect(plans).toEqual([
      { list: 'messages', generic: expect.any(Number), custom: expect.any(Number) },
      { list: 'orders', generic: expect.any(Number), custom: expect.any(Number) },
    ]);
    for (const plan of plans) {
      expect(plan.generic).toBeGreaterThanOrEqual(6);
      expect(plan.custom).toBeLessThanOrEqual(6);
    }
  });

  it('claims a platform call through its sequence’s index, not by reading every delivery ever made', async () => {
    const { db } = services.deps;
    // An account with a long history: 3000 calls delivered, three still to be sent.
    await db.execute(sql`
      insert into platform_deliveries (call, domain_key, subject, payload, idempotency_key, status, sequence_key)
      select 'point-transfer', 'cloudA', 'plan-group', '{}', 'plan-delivered-' || g, 'delivered', 'plan-group' from generate_series(1, 3000) as g`);
    const { rows: waiting } = await db.execute<{ id: string }>(sql`
      insert into platform_deliveries (call, domain_key, subject, payload, idempotency_key, status, sequence_key)
      select 'point-transfer', 'cloudA', 'plan-group', '{}', 'plan-pending-' || g, 'pending', 'plan-group' from generate_series(1, 3) as g
      returning id`);
    await db.execute(sql`analyze platform_deliveries`);
    // Past five runs PostgreSQL plans a prepared statement once for any values (a generic plan).
    const scans = await db.transaction(async (tx) => {
      const now = new Date();
      for (let run = 0; run < 12; run++) {
        // The last call waits behind the two before it; the next after the delivered ones is the first.
        expect(await claimDelivery(tx, waiting[2]!.id, now, 60_000)).toBeUndefined();
        const next = await claimNextInSequence(tx, 'plan-group', 0, now, 60_000);
        if (run === 0) expect(next?.id).toBe(waiting[0]!.id);
      }
      const { rows } = await tx.execute<{ scans: number }>(sql`select seq_scan::int as scans from pg_stat_xact_user_tables where relname = 'platform_deliveries'`);
      return rows[0]!.scans;
    });
    // With the statuses as parameters the generic plan could not use the sequence's partial index:
    // every claim after the fifth read the whole table.
    expect(scans).toBe(0);
  });

  // The embedded database runs its connections in one session: each names the statement its own way (db/client.ts).
  it.skipIf(process.env.TEST_DATABASE_URL)('answers on the embedded database’s connections side by side, each preparing it under a name of its own', async () => {
    const { db } = services.deps;
    const member = await makeMember(db);
    const answers = await Promise.all(Array.from({ length: 8 }, () => userById(db, member.id)));
    expect(answers.map((user) => user?.email)).toEqual(Array(8).fill(member.email));
    const { rows } = await db.execute<{ name: string }>(sql`select name from pg_prepared_statements where name like 'user_by_id_%'`);
    expect(new Set(rows.map((row) => row.name)).size).toBeGreaterThan(1);
  });

  // On a PostgreSQL server the statement is named, prepared once per connection (db/prepared.ts).
  it.runIf(process.env.TEST_DATABASE_URL)('answers on new connections after the server closed every one it had (a named statement is prepared again)', async () => {
    const { db } = services.deps;
    const member = await makeMember(db);
    // Several at once, so that the statement is prepared on more than one connection of the pool.
    await Promise.all(Array.from({ length: 4 }, () => userById(db, member.id)));
    const { rows } = await db.execute<{ closed: number }>(
      sql`select count(pg_terminate_backend(pid))::int as closed from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    expect(rows[0]!.closed).toBeGreaterThan(0);
    await db.execute(sql`select pg_terminate_backend(pg_backend_pid())`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await Promise.all(Array.from({ length: 4 }, () => userById(db, member.id)));
    expect(again.map((user) => user?.email)).toEqual(Array(4).fill(member.email));
  });
});
