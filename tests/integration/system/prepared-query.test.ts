import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { userById } from '../../../src/server/modules/accounts/users.service';
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
});
