import { useMutation } from '@tanstack/react-query';
import { InfoIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, AlertTitle } from '@/client/components/ui/alert';
import { useToast } from '@/client/components/ui/toast';
import { isSigningOut, refreshSession, setLoginExpired, setSigningOut, useLoginExpired, useSession, type SessionMember } from '@/client/features/auth/session';
import { i18n } from '@/client/i18n';
import { setMemberShown, useSessionPresence } from '@/client/lib/session-probe';
import { WithQueries } from '@/client/lib/with-queries';
import { paths } from '@/client/paths';
import { queryClient, trpc } from '@/client/trpc';
import { isLanguage } from '@/shared/languages';
import { MemberCornerPlaceholder, VisitorLinks } from './account-links';

// The member's dropdown (Radix menu, popper) loads only for a signed-in member, never for a visitor.
const MemberMenu = lazy(() => import('./member-menu').then((module) => ({ default: module.MemberMenu })));
const UsePlatformMenu = lazy(() => import('@/client/features/platform/use-platform').then((module) => ({ default: module.UsePlatformMenu })));

/** Spec section 9: the success alert closes itself after 2200 ms. */
const successAlertMs = 2200;

/**
 * The account corner of the top bar once the page follows the session (lib/session-probe.ts),
 * loaded lazily by the header with tRPC and the query cache: the session watch and notices, and the
 * member's menu or the visitor's links.
 */
export function AccountCorner() {
  return (
    <WithQueries>
      <AccountSession />
      <AccountMenu />
    </WithQueries>
  );
}

/** The phone menu's account links, for a visitor; a member's menu stays on the bar. */
export function PhoneAccountMenu() {
  return (
    <WithQueries>
      <AccountMenu inPhoneMenu />
    </WithQueries>
  );
}

/**
 * What follows the member's session on every page, mounted once per page (by AccountCorner):
 * the session check on navigation, the signed-out and login-expired notices, and the member's
 * language preference.
 */
function AccountSession() {
  const session = useSession();
  const member = session.data?.member ?? null;
  useEffect(() => {
    if (session.data) setMemberShown(session.data.member !== null);
  }, [session.data]);
  useSessionWatch();
  useSignedOutToast();
  useLanguagePreference(member);
  return <LoginExpiredNotice />;
}

/**
 * Login and Sign up for visitors, 'Hi, {name}' for a signed-in member. It stands in two places (the
 * bar, the phone menu); AccountSession does the rest once.
 */
function AccountMenu({ inPhoneMenu = false }: { inPhoneMenu?: boolean }) {
  const session = useSession();
  const member = session.data?.member ?? null;
  // Until the session check answers, a probed member keeps the placeholder rather than the visitor's links.
  const expectingMember = useSessionPresence().member && session.isPending;
  if (expectingMember) return inPhoneMenu ? null : <MemberCornerPlaceholder />;
  // The bar keeps a member's menu at every width; the phone menu carries only the visitor's links.
  if (member && inPhoneMenu) return null;
  if (!member) return <VisitorLinks inPhoneMenu={inPhoneMenu} />;
  return (
    <Suspense fallback={<MemberCornerPlaceholder />}>
      <UsePlatformMenu />
      <MemberMenu member={member} />
    </Suspense>
  );
}

/** Asks the server about the session on every page change: an idle session has ended by then, or a disabled member is out. */
function useSessionWatch() {
  const location = useLocation();
  const session = useSession();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refreshSession();
  }, [location.pathname]);
  useEffect(() => {
    if (session.data?.expired) setLoginExpired(true);
    if (session.data?.member) setLoginExpired(false);
  }, [session.data]);
}

/** Sign-out returns to the home page, whose own frame shows the success message. */
function useSignedOutToast() {
  const { t } = useTranslation('auth');
  const showToast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  useEffect(() => {
    if (!signedOut) return;
    void (async () => {
      await queryClient.cancelQueries({ queryKey: trpc.auth.session.queryKey() });
      queryClient.setQueryData(trpc.auth.session.queryKey(), { member: null, expired: false });
      queryClient.removeQueries({ queryKey: trpc.accounts.profile.queryKey() });
      setSigningOut(false);
    })();
    showToast({ variant: 'success', title: t('menu.signedOut'), duration: successAlertMs });
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [signedOut, showToast, t, navigate, location.pathname, location.search]);
}

function LoginExpiredNotice() {
  const { t } = useTranslation('auth');
  const expired = useLoginExpired();
  if (!expired) return null;
  return (
    <div className="fixed inset-x-0 top-16 z-50 flex justify-center px-4">
      <Alert role="status" className="w-full max-w-md pr-10 shadow-lg">
        <InfoIcon aria-hidden="true" />
        <AlertTitle>
          {t('menu.loginExpired')}{' '}
          <Link to={paths.login} onClick={() => setLoginExpired(false)} className="font-semibold text-primary underline underline-offset-4">
            {t('menu.login')}
          </Link>
        </AlertTitle>
        <button
          type="button"
          onClick={() => setLoginExpired(false)}
          aria-label={t('menu.dismiss')}
          className="absolute top-2 right-2 rounded-sm p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <XIcon className="size-4" aria-hidden="true" />
        </button>
      </Alert>
    </div>
  );
}

/** The language chosen while signed in is the member's preference (spec section 1); stored on the server. */
function useLanguagePreference(member: SessionMember | null) {
  const setLanguage = useMutation(trpc.accounts.setLanguage.mutationOptions());
  const storedLanguage = useRef(member?.language);
  storedLanguage.current = member?.language;
  const signedIn = member !== null;
  useEffect(() => {
    if (!signedIn) return;
    const onChange = (language: string) => {
      if (isSigningOut() || !isLanguage(language) || language === storedLanguage.current) return;
      storedLanguage.current = language;
      setLanguage.mutate({ language }, { onSuccess: () => void refreshSession() });
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [setLanguage, signedIn]);
}
