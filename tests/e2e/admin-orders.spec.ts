import { expect, test } from '@playwright/test';
import { superStaffCookies, useOwnAddress } from './accounts-support';
import { placeOrders, signedInBuyer, staffActs } from './orders-support';
import { openIn, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test("a date the order filter refuses shows its message on its field, and the rest of the filter still applies to the list and the export", async ({ page, browser }) => {
  // One cancelled order and one still awaiting confirmation, both the newest of their status.
  await signedInBuyer(page, baseURL());
  const [cancelled, waiting] = await placeOrders(page, 2);
  await staffActs(baseURL(), 'orders.admin.cancel', { orderId: cancelled });

  const orders = texts('en', 'orders');
  const admin = orders.admin;
  const dateMessage = texts('en', 'validation').orders.date;
  const staffContext = await browser.newContext({ baseURL: baseURL() });
  const staff = await staffContext.newPage();
  try {
    await staff.context().addCookies(await superStaffCookies(baseURL()));
    await openIn(staff, 'en', '/admin/orders');
    const filter = staff.getByRole('form', { name: admin.filter });
    const status = filter.getByLabel(admin.status, { exact: true });
    const from = filter.getByLabel(admin.from, { exact: true });
    const to = filter.getByLabel(admin.to, { exact: true });
    const list = staff.getByRole('table', { name: admin.title });
    const exportLink = staff.getByRole('link', { name: admin.export });
    const exportQuery = async () => new URL((await exportLink.getAttribute('href'))!, baseURL()).searchParams;
    await expect(list.getByRole('link', { name: waiting! })).toBeVisible();

    // Cancelled, from 1999-12-31: the day is refused on its field, the status still filters.
    await status.selectOption({ label: orders.status.cancelled });
    await from.fill('1999-12-31');
    await filter.getByRole('button', { name: admin.apply }).click();
    await expect(staff).toHaveURL(/\/admin\/orders\?status=99&from=1999-12-31$/);
    await expect(status).toHaveValue('99');
    await expect(list.getByRole('link', { name: cancelled! })).toBeVisible();
    await expect(list.getByRole('link', { name: waiting! })).toHaveCount(0);
    await expect(list.getByText(orders.status.awaitingConfirmation)).toHaveCount(0);
    expect(Object.fromEntries(await exportQuery())).toEqual({ encoding: 'big5', status: '99' });
    await expect(filter.getByRole('alert')).toHaveText(dateMessage);
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(from).toHaveValue('1999-12-31');

    // The other day, valid, applies as well: none of the cancelled orders was placed by 2000-01-02.
    await openIn(staff, 'en', '/admin/orders?status=99&from=1999-12-31&to=2000-01-02');
    await expect(staff.getByText(admin.empty)).toBeVisible();
    await expect(filter.getByRole('alert')).toHaveText(dateMessage);
    await expect(to).not.toHaveAttribute('aria-invalid');
    expect(Object.fromEntries(await exportQuery())).toEqual({ encoding: 'big5', status: '99', to: '2000-01-02' });

    // A cursor that is not an order number starts the same filter at its first page.
    await openIn(staff, 'en', '/admin/orders?status=99&page=3&olderThan=nonsense');
    await expect(list.getByRole('link', { name: cancelled! })).toBeVisible();
    await expect(staff.getByRole('navigation', { name: admin.pages })).toContainText(admin.pageOf.split(' {{pages}}')[0]!.replace('{{page}}', '1'));
    await expect(filter.getByRole('alert')).toHaveCount(0);
  } finally {
    await staffContext.close();
  }
});
