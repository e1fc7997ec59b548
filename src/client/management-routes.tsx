import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lib/lazy-page';
import { managementCenterPath, pageHandle as handle, paths } from './paths';

/*
 * The member's management centre, loaded on the first visit to /management-center (main.tsx adds
 * it to the router then): the entry chunk and the public pages carry no member code.
 */

const ManagementLayout = lazyPage(() => import('./features/management-center/management-layout').then((module) => module.ManagementLayout), ['auth']);
const MemberPage = lazyPage(() => import('./features/accounts/member-page').then((module) => module.MemberPage), ['accounts', 'auth', 'validation', 'errors']);
const SecurityPage = lazyPage(() => import('./features/auth/security-page').then((module) => module.SecurityPage), ['auth', 'validation', 'errors']);
const PlanExchangeRecordPage = lazyPage(() => import('./features/accounts/plan-exchange-record-page').then((module) => module.PlanExchangeRecordPage), ['accounts', 'errors']);
const PointRecordPage = lazyPage(() => import('./features/points/point-record-page').then((module) => module.PointRecordPage), ['points', 'validation', 'errors']);
const TeamPointsRecordPage = lazyPage(() => import('./features/points/team-points-record-page').then((module) => module.TeamPointsRecordPage), ['points', 'teams', 'validation', 'errors']);
const PointTransferPage = lazyPage(() => import('./features/points/point-transfer-page').then((module) => module.PointTransferPage), ['points', 'teams', 'validation', 'errors']);
const PointTransferRecordPage = lazyPage(() => import('./features/points/point-transfer-record-page').then((module) => module.PointTransferRecordPage), ['points', 'validation', 'errors']);
const BuyPointsPage = lazyPage(() => import('./features/orders/buy-points-page').then((module) => module.BuyPointsPage), ['orders', 'validation', 'errors']);
const MemberOrdersPage = lazyPage(() => import('./features/orders/member-orders-page').then((module) => module.MemberOrdersPage), ['orders', 'errors']);
const MemberOrderPage = lazyPage(() => import('./features/orders/member-order-page').then((module) => module.MemberOrderPage), ['orders', 'validation', 'errors']);
const DeviceBindingPage = lazyPage(() => import('./features/platform/device-binding-page').then((module) => module.DeviceBindingPage), ['platform', 'validation', 'errors']);
const HostInfoPage = lazyPage(() => import('./features/platform/host-info-page').then((module) => module.HostInfoPage), ['platform', 'errors']);
const DownloadPage = lazyPage(() => import('./features/teams/download-page').then((module) => module.DownloadPage), ['teams', 'errors']);
const TeamListPage = lazyPage(() => import('./features/teams/team-list-page').then((module) => module.TeamListPage), ['teams', 'errors']);
const CreateTeamPage = lazyPage(() => import('./features/teams/create-team-page').then((module) => module.CreateTeamPage), ['teams', 'validation', 'errors']);
const GroupInfoPage = lazyPage(() => import('./features/teams/group-info-page').then((module) => module.GroupInfoPage), ['teams', 'validation', 'errors']);
const TeamMembersPage = lazyPage(() => import('./features/teams/team-members-page').then((module) => module.TeamMembersPage), ['teams', 'validation', 'errors']);
const MyCoursesPage = lazyPage(() => import('./features/courses/my-courses-page').then((module) => module.MyCoursesPage), ['courses', 'validation', 'errors']);

/**
 * The management centre (spec section 2): its own frame with a simplified footer, outside the page
 * shell. Members only (the frame sends others to /401); the bare path and unknown paths go to /member.
 */
export const managementRoute: RouteObject = {
  path: managementCenterPath,
  element: (
    <Suspense fallback={null}>
      <ManagementLayout />
    </Suspense>
  ),
  children: [
    { index: true, element: <Navigate to={paths.memberProfile} replace /> },
    { path: 'member', element: <MemberPage />, handle: handle('memberProfile') },
    { path: 'security', element: <SecurityPage />, handle: handle('memberSecurity') },
    { path: 'point-record', element: <PointRecordPage />, handle: handle('pointRecord') },
    { path: 'point-transfer-record', element: <PointTransferRecordPage />, handle: handle('pointTransferRecord') },
    { path: 'courses', element: <MyCoursesPage />, handle: handle('memberCourses') },
    { path: 'buy-points', element: <BuyPointsPage />, handle: handle('buyPoints') },
    { path: 'member-order', element: <MemberOrdersPage />, handle: handle('memberOrders') },
    { path: 'plan-exchange-record', element: <PlanExchangeRecordPage />, handle: handle('planExchangeRecord') },
    { path: 'member-order/:orderId', element: <MemberOrderPage />, handle: handle('memberOrderDetail') },
    { path: 'host-info', element: <HostInfoPage />, handle: handle('hostInfo') },
    { path: 'device-binding', element: <DeviceBindingPage />, handle: handle('deviceBinding') },
    { path: 'download', element: <DownloadPage />, handle: handle('download') },
    { path: 'team-list', element: <TeamListPage />, handle: handle('teamList') },
    { path: 'create-group', element: <CreateTeamPage />, handle: handle('createGroup') },
    { path: 'group-info', element: <GroupInfoPage />, handle: handle('groupInfo') },
    { path: 'team-members', element: <TeamMembersPage />, handle: handle('teamMembers') },
    { path: 'team-points-record', element: <TeamPointsRecordPage />, handle: handle('teamPointsRecord') },
    { path: 'point-transfer', element: <PointTransferPage />, handle: handle('pointTransfer') },
    { path: '*', element: <Navigate to={paths.memberProfile} replace /> },
  ],
};
