import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { userStatus } from '@/shared/accounts';

interface UserLike {
  id: string;
  email: string;
  status: number;
  disabled: boolean;
}

const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.accounts.pathKey() });

/** Activate (mails the member), disable (signed out at once) or enable one member. */
export function UserActions({ user }: { user: UserLike }) {
  const { t } = useTranslation('admin');
  const options = { onSuccess: () => void refresh() };
  const activate = useMutation(trpc.accounts.admin.activate.mutationOptions(options));
  const disable = useMutation(trpc.accounts.admin.disableUser.mutationOptions(options));
  const enable = useMutation(trpc.accounts.admin.enableUser.mutationOptions(options));
  const error = activate.error ?? disable.error ?? enable.error;
  const pending = activate.isPending || disable.isPending || enable.isPending;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {user.status === userStatus.pending ? (
        <Button size="sm" disabled={pending} onClick={() => activate.mutate({ userId: user.id })} aria-label={t('accounts.activateOf', { email: user.email })}>
          {t('accounts.activate')}
        </Button>
      ) : null}
      {user.disabled ? (
        <Button size="sm" variant="outline" disabled={pending} onClick={() => enable.mutate({ userId: user.id })} aria-label={t('accounts.enableOf', { email: user.email })}>
          {t('accounts.enable')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={pending}
          onClick={() => window.confirm(t('accounts.confirmDisable', { email: user.email })) && disable.mutate({ userId: user.id })}
          aria-label={t('accounts.disableOf', { email: user.email })}
        >
          {t('accounts.disable')}
        </Button>
      )}
      {error ? <ErrorAlert title={errorText(error)} className="w-full" /> : null}
    </div>
  );
}

export function UserState({ user }: { user: UserLike }) {
  const { t } = useTranslation('admin');
  if (user.disabled) return <span className="font-medium text-destructive">{t('accounts.userDisabled')}</span>;
  return <span>{user.status === userStatus.active ? t('accounts.userActive') : t('accounts.userPending')}</span>;
}
