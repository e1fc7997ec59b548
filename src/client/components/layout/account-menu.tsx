import { useMutation } from '@tanstack/react-query';
import { ChevronDownIcon, CircleUserIcon, InfoIcon, LayoutDashboardIcon, LogOutIcon, XIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, AlertTitle } from '@/client/components/ui/alert';
import { buttonVariants } from '@/client/components/ui/button';
import { useToast } from '@/client/components/ui/toast';
import { refreshSession, setLoginExpired, useLoginExpired, useSession, type SessionMember } from '@/client/features/auth/session';
import { i18n } from '@/client/i18n';
import { cn } from '@/client/lib/utils';
import { paths } from '@/client/routes';
import { queryClient, trpc, trpcClient } from '@/client/trpc';
import { isLanguage } from '@/shared/languages';

/** Spec section 9: the success alert closes itself after 2200 ms. */
const successAlertMs = 2200;

/** Set from the click on Sign out until the home page has dropped the session: a language chosen meanwhile is no longer the member's. */
let signingOut = false;

/**
 * What follows the member's session on every page, mounted once per page (the top bar does it):
 * the session check on navigation, the signed-out and login-expired notices, and the member's
 * language preference.
 */
export function AccountSession() {
  const member = useSession().data?.member ?? null;
  useSessionWatch();
  useSignedOutToast();
  useLanguagePreference(member);
  return <LoginExpiredNotice />;
}

/**
 * The account corner: Login and Sign up for visitors, 'Hi, {name}' for a signed-in member. It may
 * stand in more than one place (the bar, the phone menu); AccountSession does the rest once.
 */
export function AccountMenu({ inPhoneMenu = false }: { inPhoneMenu?: boolean }) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const member = useSession().data?.member ?? null;
  // The bar keeps a member's menu at every width; the phone menu carries only the visitor's links.
  if (member && inPhoneMenu) return null;
  const visitorLink = inPhoneMenu ? 'inline-flex' : 'hidden sm:inline-flex';

  return (
    <>
      {member ? (
        <MemberMenu member={member} />
      ) : (
        <>
          <Link to={{ pathname: paths.login, search: location.search }} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), visitorLink)}>
            {t('menu.login')}
          </Link>
          <Link to={{ pathname: paths.signup, search: location.search }} className={cn(buttonVariants({ size: 'sm' }), visitorLink)}>
            {t('menu.signup')}
          </Link>
        </>
      )}
    </>
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
      queryClient.removeQueries({ queryKey: trpc.member.profile.queryKey() });
      signingOut = false;
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
  const setLanguage = useMutation(trpc.member.setLanguage.mutationOptions());
  const storedLanguage = useRef(member?.language);
  storedLanguage.current = member?.language;
  const signedIn = member !== null;
  useEffect(() => {
    if (!signedIn) return;
    const onChange = (language: string) => {
      if (signingOut || !isLanguage(language) || language === storedLanguage.current) return;
      storedLanguage.current = language;
      setLanguage.mutate({ language }, { onSuccess: () => void refreshSession() });
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [setLanguage, signedIn]);
}

function MemberMenu({ member }: { member: SessionMember }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();

  const onSignOut = async () => {
    signingOut = true;
    // A failed sign-out is only logged (spec section 8).
    try {
      await trpcClient.auth.signOut.mutate();
    } catch (error) {
      console.warn('sign-out failed', error);
    }
    // The home page drops the session once it is on screen (useSignedOutToast), so that the
    // members-only frame, still shown while the home page loads, never sees a missing member.
    await navigate(paths.home, { state: { signedOut: true } });
  };

  return (
    <DropdownMenu.Root>
      {/* On a phone the bar has room for the icon only; the greeting stays the button's name. */}
      <DropdownMenu.Trigger className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'max-w-48 px-2 data-[state=open]:bg-muted sm:px-3')}>
        <CircleUserIcon aria-hidden="true" />
        <span className="sr-only truncate sm:not-sr-only">{t('menu.greeting', { name: member.name })}</span>
        <ChevronDownIcon aria-hidden="true" className="hidden sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-md border border-border bg-card p-1 text-sm shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-muted-foreground">
            <span className="block truncate">{member.companyName}</span>
            <span className="block truncate">{member.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 outline-none data-[highlighted]:bg-muted">
            <Link to={paths.memberProfile}>
              <LayoutDashboardIcon className="size-4" aria-hidden="true" />
              {t('menu.managementCenter')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => void onSignOut()}
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 outline-none data-[highlighted]:bg-muted"
          >
            <LogOutIcon className="size-4" aria-hidden="true" />
            {t('menu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
