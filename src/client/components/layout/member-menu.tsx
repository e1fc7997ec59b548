import { ChevronDownIcon, CircleUserIcon, LayoutDashboardIcon, LogOutIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { setSigningOut, type SessionMember } from '@/client/features/auth/session';
import { cn } from '@/client/lib/utils';
import { paths } from '@/client/paths';
import { trpcClient } from '@/client/trpc';

/** 'Hi, {name}' with Management centre and Sign out: the signed-in member's corner of the top bar. */
export function MemberMenu({ member }: { member: SessionMember }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();

  const onSignOut = async () => {
    setSigningOut(true);
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
      <DropdownMenu.Trigger className={cn(buttonVariants({ variant: 'ghost', size: 'corner' }), 'max-w-48 data-[state=open]:bg-muted')}>
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
