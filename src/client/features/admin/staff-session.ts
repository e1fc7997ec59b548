import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '@/client/trpc';
import type { StaffPermission } from '@/shared/staff';

/** The signed-in staff member of the back office (its own cookie), or null. */
export function useStaffSession() {
  return useQuery({ ...trpc.staff.session.queryOptions(), staleTime: 0 });
}

export type SignedInStaff = NonNullable<NonNullable<ReturnType<typeof useStaffSession>['data']>['staff']>;

export function refreshStaffSession(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: trpc.staff.session.queryKey() });
}

/** What a screen needs: one of the nine permissions, any of several (a list), or super staff only. */
export type ScreenPermission = StaffPermission | readonly StaffPermission[] | 'super';

/** Whether the staff member may open a screen; super staff may open all. The server checks every call again. */
export function mayOpen(staff: Pick<SignedInStaff, 'super' | 'permissions'>, permission: ScreenPermission): boolean {
  if (staff.super) return true;
  if (permission === 'super') return false;
  return (typeof permission === 'string' ? [permission] : permission).some((needed) => staff.permissions.includes(needed));
}
