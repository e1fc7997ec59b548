import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import superjson from 'superjson';
import type { Language } from '../../src/shared/languages';
import { openIn, receivedMails, texts } from './support';
import { demoStaffCode } from './staff-support';

let addressSequence = 0;
/** A client address of its own (sent as X-Forwarded-For, trusted from loopback), so per-address limits count per test. */
export function freshAddress(): string {
  addressSequence += 1;
  return `198.18.${Math.floor(Math.random() * 200)}.${addressSequence % 250}`;
}

export async function useOwnAddress(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': freshAddress() });
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@precision-optics.example`;
}

async function apiContext(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
}

async function call(context: APIRequestContext, kind: 'query' | 'mutation', path: string, input?: unknown): Promise<unknown> {
  const response =
    kind === 'mutation'
      ? await context.post(`/trpc/${path}`, { data: superjson.serialize(input ?? null), headers: { 'content-type': 'application/json' } })
      : await context.get(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`);
  const body = await response.json();
  if (!response.ok()) throw new Error(`${path} failed: ${JSON.stringify(body.error?.json?.data?.app ?? body)}`);
  return superjson.deserialize(body.result.data);
}

/** The text of a single-part mail as the SMTP peer received it (quoted-printable or base64). */
function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The newest mail to `email` whose text contains `marker`, waiting for the outbox to deliver it. */
export async function mailContaining(email: string, marker: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = (await receivedMails()).filter((mail) => mail.to.includes(email)).map((mail) => mailText(mail.raw));
        found = texts.reverse().find((text) => text.includes(marker));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

export async function mailedLink(email: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  const text = await mailContaining(email, `${path}?lang=`);
  return new RegExp(`https?://\\S+${path}\\?lang=[\\w-]+#token=[\\w-]{43}`).exec(text)![0];
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;
/**
 * The demo super staff's session per portal, signed in again only when it has ended (each sign-in
 * takes an authenticator step, and a code works once).
 */
const superStaffStates = new Map<string, StorageState>();

async function signInSuperStaff(baseURL: string): Promise<StorageState> {
  const context = await apiContext(baseURL);
  try {
    const email = 'admin@inspectra.example';
    await call(context, 'mutation', 'staff.signIn', { email, password: 'inspectra-demo', totpCode: await demoStaffCode(email) });
    return await context.storageState();
  } finally {
    await context.dispose();
  }
}

/**
 * The cookies of the demo super staff's kept session (signed in again only when it has ended), for a
 * browser test that opens the back office without taking another authenticator step.
 */
export async function superStaffCookies(baseURL: string): Promise<StorageState['cookies']> {
  const staff = await asSuperStaff(baseURL);
  await staff.dispose();
  return superStaffStates.get(baseURL)!.cookies;
}

export async function asSuperStaff(baseURL: string): Promise<{ query: (path: string, input?: unknown) => Promise<unknown>; mutate: (path: string, input?: unknown) => Promise<unknown>; dispose: () => Promise<void> }> {
  const open = (storageState: StorageState) => request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshAddress() }, storageState });
  const kept = superStaffStates.get(baseURL);
  let context = kept ? await open(kept) : undefined;
  if (!context || ((await call(context, 'query', 'staff.session')) as { staff: unknown }).staff === null) {
    await context?.dispose();
    const state = await signInSuperStaff(baseURL);
    superStaffStates.set(baseURL, state);
    context = await open(state);
  }
  return {
    query: (path, input) => call(context, 'query', path, input),
    mutate: (path, input) => call(context, 'mutation', path, input),
    dispose: () => context.dispose(),
  };
}

export async function activateByEmail(baseURL: string, email: string): Promise<void> {
  const staff = await asSuperStaff(baseURL);
  try {
    const pending = (await staff.query('accounts.admin.awaitingActivation')) as Array<{ id: string; email: string }>;
    const user = pending.find((row) => row.email === email);
    if (!user) throw new Error(`${email} is not awaiting activation`);
    await staff.mutate('accounts.admin.activate', { userId: user.id });
  } finally {
    await staff.dispose();
  }
}

export async function setSecuritySettings(baseURL: string, values: Record<string, unknown>): Promise<void> {
  const staff = await asSuperStaff(baseURL);
  try {
    await staff.mutate('settings.updateSecurity', values);
  } finally {
    await staff.dispose();
  }
}

export interface TestMember {
  email: string;
  password: string;
  name: string;
  company: string;
}

/** What a member signs in with. */
export type SignIn = Pick<TestMember, 'email' | 'password'>;

/** Fills the sign-in form open on the page with the member's e-mail and password, and submits it. */
export async function submitSignIn(page: Page, language: Language, member: SignIn): Promise<void> {
  const auth = texts(language, 'auth');
  await page.getByLabel(auth.fields.email).fill(member.email);
  await page.getByLabel(auth.fields.password, { exact: true }).fill(member.password);
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
}

/** Signs a member in on /login (sent on to `next` when given) and waits for the page it leads to: `next`, or the member page. */
export async function signInMember(page: Page, language: Language, member: SignIn, next?: string): Promise<void> {
  await openIn(page, language, next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await submitSignIn(page, language, member);
  await expect(page).toHaveURL(next ? new RegExp(`${next}$`) : /\/management-center\/member$/);
}

/** A registered, verified and activated member, made through the same API the pages use. */
export async function activeMember(baseURL: string, options: { language?: Language; label?: string } = {}): Promise<TestMember> {
  const member = { email: uniqueEmail(options.label ?? 'member'), password: 'Lens-inspection-42', name: '陳雅婷', company: '聯光精密股份有限公司' };
  const context = await apiContext(baseURL);
  try {
    await context.post('/trpc/auth.signUp', {
      data: superjson.serialize({ companyName: member.company, taxId: 'Tw53106273', name: member.name, phone: '03-578-1234', email: member.email, password: member.password, confirmPassword: member.password, acceptTerms: true }),
      headers: { 'content-type': 'application/json', 'x-portal-language': options.language ?? 'zh-TW' },
    });
    const link = await mailedLink(member.email, '/verify-email');
    await call(context, 'mutation', 'auth.verifyEmail', { token: link.split('#token=')[1] });
  } finally {
    await context.dispose();
  }
  await activateByEmail(baseURL, member.email);
  return member;
}
