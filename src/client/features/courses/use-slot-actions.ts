import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/client/components/ui/toast';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';

/** Register, join the waitlist, cancel and leave: each tells the member what happened and refreshes every course view. */
export function useSlotActions() {
  const { t } = useTranslation('courses');
  const showToast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
  const failed = (error: unknown) => showToast({ title: errorText(error), variant: 'destructive' });
  const register = useMutation(
    trpc.courses.register.mutationOptions({
      onSuccess: (result) => showToast({ title: result.kind === 'enrolled' ? t('registeredToast') : t('waitlistedToast', { position: result.position }), variant: 'success', duration: 6000 }),
      onError: failed,
      onSettled: refresh,
    }),
  );
  const cancel = useMutation(trpc.courses.cancel.mutationOptions({ onSuccess: () => showToast({ title: t('cancelledToast'), variant: 'success', duration: 6000 }), onError: failed, onSettled: refresh }));
  const leave = useMutation(trpc.courses.leaveWaitlist.mutationOptions({ onSuccess: () => showToast({ title: t('leftToast'), variant: 'success', duration: 6000 }), onError: failed, onSettled: refresh }));
  return { register, cancel, leave };
}
