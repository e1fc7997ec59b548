import { useMutation, useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, ExternalLinkIcon, LoaderCircleIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { useToast } from '@/client/components/ui/toast';
import { errorText } from '@/client/lib/errors';
import { cn } from '@/client/lib/utils';
import { trpc } from '@/client/trpc';
import type { OpenPlatformForm } from '@/shared/platform';

/** The spaces this member may open; the server checks again when one is opened. */
export function usePlatformChoices() {
  return useQuery({ ...trpc.platform.choices.queryOptions(), staleTime: 0 });
}

/**
 * Opens a platform space: the server answers a signed link that works once within a minute, so it
 * is asked for at the click and followed at once, in the same window.
 */
function useOpenPlatform() {
  const showToast = useToast();
  const open = useMutation(
    trpc.platform.open.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => showToast({ variant: 'destructive', title: errorText(error) }),
    }),
  );
  return { open: (form: OpenPlatformForm) => open.mutate(form), pending: open.isPending };
}

const itemClass = 'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted';

/** The top bar's 'Use platform' dropdown (spec section 2): individual, each team, and '(trial)' when activated. */
export function UsePlatformMenu() {
  const { t } = useTranslation('auth');
  const choices = usePlatformChoices();
  const { open, pending } = useOpenPlatform();
  const data = choices.data;
  const empty = data !== undefined && !data.individual && !data.trial && data.teams.length === 0;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'px-2 data-[state=open]:bg-muted sm:px-3')}>
        {pending ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : <ExternalLinkIcon aria-hidden="true" />}
        <span className="sr-only md:not-sr-only">{t('platform.menu')}</span>
        <ChevronDownIcon aria-hidden="true" className="hidden md:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 max-w-[calc(100vw-1rem)] min-w-52 rounded-md border border-border bg-card p-1 text-sm shadow-lg">
          {pending ? <p role="status" className="px-2 py-1.5 text-xs text-muted-foreground">{t('platform.opening')}</p> : null}
          {empty ? <p className="px-2 py-1.5 text-muted-foreground">{t('platform.none')}</p> : null}
          {data?.individual ? (
            <DropdownMenu.Item disabled={pending} onSelect={() => open({ space: 'individual' })} className={itemClass}>
              {t('platform.individual')}
            </DropdownMenu.Item>
          ) : null}
          {data?.trial ? (
            <DropdownMenu.Item disabled={pending} onSelect={() => open({ space: 'trial' })} className={itemClass}>
              {t('platform.trial')}
            </DropdownMenu.Item>
          ) : null}
          {data && data.teams.length > 0 ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Label className="px-2 py-1 text-xs text-muted-foreground">{t('platform.teams')}</DropdownMenu.Label>
              {data.teams.map((team) => (
                <DropdownMenu.Item key={team.id} disabled={pending} onSelect={() => open({ space: 'team', teamId: team.id })} className={itemClass}>
                  <span className="min-w-0 truncate">{team.name}</span>
                </DropdownMenu.Item>
              ))}
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The management centre's platform buttons (spec section 2): in a chosen team, that team's
 * platform; otherwise 'use platform' when the user status is 1 and '(trial)' when activated.
 */
export function PlatformButtons({ teamId }: { teamId?: string }) {
  const { t } = useTranslation('auth');
  const choices = usePlatformChoices();
  const { open, pending } = useOpenPlatform();
  const data = choices.data;
  if (!data) return null;
  const buttons: { key: string; label: string; form: OpenPlatformForm }[] = [];
  if (teamId && data.teams.some((team) => team.id === teamId)) buttons.push({ key: 'team', label: t('platform.openTeam'), form: { space: 'team', teamId } });
  if (!teamId && data.individual) buttons.push({ key: 'individual', label: t('platform.menu'), form: { space: 'individual' } });
  if (!teamId && data.trial) buttons.push({ key: 'trial', label: t('platform.trial'), form: { space: 'trial' } });
  if (buttons.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {buttons.map((button, index) => (
        <Button key={button.key} type="button" size="sm" variant={index === 0 ? 'default' : 'outline'} disabled={pending} onClick={() => open(button.form)} className="h-auto min-h-8 w-full justify-start py-1.5 text-left whitespace-normal">
          <ExternalLinkIcon aria-hidden="true" />
          {/* Wrapped, not cut: in Japanese the side menu's labels are longer than its width. */}
          <span className="min-w-0">{button.label}</span>
        </Button>
      ))}
    </div>
  );
}
