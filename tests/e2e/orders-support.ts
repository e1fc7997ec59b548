import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import superjson from 'superjson';
import { activeMember, asSuperStaff, type TestMember } from './accounts-support';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** Calls a tRPC procedure with the page's own cookies (a signed-in member stays signed in in the page). */
async function pageCall(page: Page, kind: 'query' | 'mutation', path: string, input?: unknown): Promise<unknown> {
  const response =
    kind === 'mutation'
      ? await page.request.post(`/trpc/${path}`, { data: superjson.serialize(input ?? null), headers: { 'content-type': 'application/json' } })
      : await page.request.get(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`);
  const body = await response.json();
  expect(response.ok(), JSON.stringify(body.error?.json?.data?.app ?? body)).toBe(true);
  return superjson.deserialize(body.result.data);
}

/**
 * An activated member, signed in in `page`, whose profile is complete (company data and business
 * card): a member who may buy points.
 */
export async function signedInBuyer(page: Page, baseURL: string): Promise<TestMember> {
  const member = await activeMember(baseURL, { label: 'buyer' });
  await page.goto('/');
  await pageCall(page, 'mutation', 'auth.signIn', { email: member.email, password: member.password });
  await pageCall(page, 'mutation', 'accounts.updateProfile', {
    name: member.name,
    companyName: member.company,
    taxId: '53106273',
    contactPersonName: '王小美',
    contactPersonTel: '03-578-1234',
    contactPersonEmail: 'purchasing@precision-optics.example',
    companyAddress: '新竹市東區力行路 1 號',
  });
  const upload = await page.request.put('/member-files/business-card', { data: png, headers: { 'content-type': 'application/octet-stream' } });
  expect(upload.ok()).toBe(true);
  return member;
}

/** Super staff acting on an order through the back-office API. */
export async function staffActs(baseURL: string, path: string, input: unknown): Promise<unknown> {
  const staff = await asSuperStaff(baseURL);
  try {
    return await staff.mutate(path, input);
  } finally {
    await staff.dispose();
  }
}

/** Places `count` orders of the cheapest general plan for the member signed in in `page`, through the API; their ids, oldest first. */
export async function placeOrders(page: Page, count: number): Promise<string[]> {
  const plans = (await pageCall(page, 'query', 'packages.onSale')) as Array<{ id: number; type: string; priceMinor: number }>;
  const plan = plans.filter((candidate) => candidate.type === 'general').sort((a, b) => a.priceMinor - b.priceMinor)[0]!;
  const ids: string[] = [];
  for (let placed = 0; placed < count; placed++) {
    const form = { items: [{ packageId: plan.id, quantity: 1 }], paymentType: 'REMITTANCE', invoiceType: 'PERSONAL', idempotencyKey: randomUUID() };
    ids.push(((await pageCall(page, 'mutation', 'orders.place', form)) as { orderId: string }).orderId);
  }
  return ids;
}
