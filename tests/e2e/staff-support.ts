import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { totpCode } from '../../src/server/modules/auth/totp';
import { demoStaff } from '../../src/server/seed';
import { texts } from './support';

const STEP_MS = 30_000;

/** The password of the staff members without an authenticator that global-setup adds (newcomer-<project>@inspectra.example). */
export const newcomerPassword = 'lens-calibration-42';

async function withClaimLock<T>(work: () => T): Promise<T> {
  const lock = `${process.env.E2E_TOTP_CLAIMS}.lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    return work();
  } finally {
    fs.rmdirSync(lock);
  }
}

/**
 * A code of a demo staff member's authenticator (its secret is the README's) that the portal has not
 * accepted yet. The portal takes each 30-second step once and allows one step of drift each way, so
 * the steps are handed out in order through a file all test processes share (E2E_TOTP_CLAIMS),
 * starting at the current step (a code of the step before could expire before it is typed); when the
 * two steps the portal accepts from now on are taken, this waits for the next one and gives the test
 * that much more time.
 */
export async function demoStaffCode(email: string): Promise<string> {
  const secret = demoStaff.find((member) => member.email === email)?.totpSecret;
  if (!secret) throw new Error(`${email} is not a demo staff member`);
  const file = process.env.E2E_TOTP_CLAIMS!;
  const step = await withClaimLock(() => {
    const claims = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>) : {};
    // Never a step behind the clock: its code would expire within seconds, between claiming and typing it.
    const next = Math.max((claims[email] ?? -Infinity) + 1, Math.floor(Date.now() / STEP_MS));
    fs.writeFileSync(file, JSON.stringify({ ...claims, [email]: next }));
    return next;
  });
  const waitMs = (step - 1) * STEP_MS - Date.now();
  if (waitMs > 0) {
    const info = test.info();
    info.setTimeout(info.timeout + waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
  return totpCode(secret, new Date(step * STEP_MS));
}

/** Signs a demo staff member in on the open /admin/sign-in page: e-mail, password, then the authenticator code. */
export async function signInDemoStaff(page: Page, email: string): Promise<void> {
  const admin = texts('en', 'admin');
  const member = demoStaff.find((candidate) => candidate.email === email)!;
  await page.getByLabel(admin.signIn.email).fill(email);
  await page.getByLabel(admin.signIn.password).fill(member.password);
  await page.getByRole('button', { name: admin.signIn.submit }).click();
  const code = page.getByLabel(admin.signIn.code);
  await expect(code).toBeVisible();
  await code.fill(await demoStaffCode(email));
  await page.getByRole('button', { name: admin.signIn.verify }).click();
}
