import { Suspense } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { lazyPage } from './lib/lazy-page';
import { adminScreens } from './features/admin/screens';
import type { AdminHandle } from './features/admin/admin-layout';
import { adminPath, adminSignInPath, managementCenterPath, paths, planKindOf, planKinds, type PageHandle, type PageId, type PagePath, type TopicPageId } from './paths';

const HomePage = lazyPage(() => import('./features/marketing/home-page').then((module) => module.HomePage), ['home']);
const TopicPage = lazyPage(() => import('./features/marketing/topic-page').then((module) => module.TopicPage), ['pages']);
const PlanIntroPage = lazyPage(() => import('./features/marketing/plan-intro-page').then((module) => module.PlanIntroPage), ['pages']);
const PricingPage = lazyPage(() => import('./features/marketing/pricing-page').then((module) => module.PricingPage), ['pricing']);
const TermPage = lazyPage(() => import('./features/marketing/term-page').then((module) => module.TermPage), ['term']);
const SupportPage = lazyPage(() => import('./features/content/support-page').then((module) => module.SupportPage), ['content', 'messages', 'validation', 'errors']);
const SupportVideosPage = lazyPage(() => import('./features/content/support-videos-page').then((module) => module.SupportVideosPage), ['content', 'pages']);
const SupportQaPage = lazyPage(() => import('./features/content/support-qa-page').then((module) => module.SupportQaPage), ['content', 'pages']);
const NewsListPage = lazyPage(() => import('./features/content/news-list-page').then((module) => module.NewsListPage), ['content', 'errors']);
const NewsDetailPage = lazyPage(() => import('./features/content/news-detail-page').then((module) => module.NewsDetailPage), ['content', 'errors']);
const ClassesListPage = lazyPage(() => import('./features/courses/classes-list-page').then((module) => module.ClassesListPage), ['pages', 'courses', 'errors']);
const CoursePage = lazyPage(() => import('./features/courses/course-page').then((module) => module.CoursePage), ['courses', 'validation', 'errors']);
const MyCoursesPage = lazyPage(() => import('./features/courses/my-courses-page').then((module) => module.MyCoursesPage), ['courses', 'validation', 'errors']);
const LoginPage = lazyPage(() => import('./features/auth/login-page').then((module) => module.LoginPage), ['auth', 'validation', 'errors']);
const SignupPage = lazyPage(() => import('./features/auth/signup-page').then((module) => module.SignupPage), ['auth', 'validation', 'errors']);
const VerifyEmailPage = lazyPage(() => import('./features/auth/verify-email-page').then((module) => module.VerifyEmailPage), ['auth', 'errors']);
const ForgotPasswordPage = lazyPage(() => import('./features/auth/password-reset-pages').then((module) => module.ForgotPasswordPage), ['auth', 'validation', 'errors']);
const ResetPasswordPage = lazyPage(() => import('./features/auth/password-reset-pages').then((module) => module.ResetPasswordPage), ['auth', 'validation', 'errors']);
const ManagementLayout = lazyPage(() => import('./features/management-center/management-layout').then((module) => module.ManagementLayout), ['auth']);
const MemberPage = lazyPage(() => import('./features/accounts/member-page').then((module) => module.MemberPage), ['accounts', 'auth', 'validation', 'errors']);
const SecurityPage = lazyPage(() => import('./features/auth/security-page').then((module) => module.SecurityPage), ['auth', 'validation', 'errors']);
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
const UnauthorizedPage = lazyPage(() => import('./features/system/unauthorized-page').then((module) => module.UnauthorizedPage), ['pages']);
const AdminLayout = lazyPage(() => import('./features/admin/admin-layout').then((module) => module.AdminLayout), ['admin']);
const StaffSignInPage = lazyPage(() => import('./features/admin/staff-sign-in-page').then((module) => module.StaffSignInPage), ['admin', 'validation', 'errors']);
const AdminOverviewPage = lazyPage(() => import('./features/admin/overview-page').then((module) => module.AdminOverviewPage), ['admin']);
const AdminNotFoundPage = lazyPage(() => import('./features/admin/overview-page').then((module) => module.AdminNotFoundPage), ['admin']);
const ScreenGuard = lazyPage(() => import('./features/admin/screen-guard').then((module) => module.ScreenGuard), ['admin']);
const NotFoundPage = lazyPage(() => import('./features/system/not-found-page').then((module) => module.NotFoundPage));

function PlanIntroRoute() {
  const kind = planKindOf(useParams().kind);
  return kind ? <PlanIntroPage kind={kind} /> : <Navigate to={paths.planEditor} replace />;
}

const handle = (page: PageId): PageHandle => ({ page });

function topic(page: TopicPageId, options: { parent?: PagePath; related?: PagePath[]; showcase?: boolean } = {}): RouteObject {
  return { path: paths[page], element: <TopicPage page={page} {...options} />, handle: handle(page) };
}

const videoFixedPages: TopicPageId[] = ['videoFixedSop', 'videoFixedCycle', 'videoFixedCount', 'videoFixedAoi'];
const subsidyPages: TopicPageId[] = ['subsidyCloudMarket', 'subsidyMachineBox', 'subsidyLowCarbon'];

/** The public routes, children of the page shell (see main.tsx). The partner block shows where spec section 2 lists it. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: handle('home') },
  { path: paths.unauthorized, element: <UnauthorizedPage />, handle: handle('unauthorized') },
  { path: paths.news, element: <NewsListPage />, handle: handle('news') },
  { path: `${paths.news}/:id`, element: <NewsDetailPage />, handle: handle('newsDetail') },
  topic('about', { showcase: true }),
  { path: paths.pricing, element: <PricingPage />, handle: handle('pricing') },
  topic('productIntro', { related: ['planSolution', 'planEditor', 'planTool'] }),
  { path: paths.support, element: <SupportPage />, handle: handle('support') },
  { path: paths.supportVideos, element: <SupportVideosPage />, handle: handle('supportVideos') },
  { path: paths.supportQa, element: <SupportQaPage />, handle: handle('supportQa') },
  { path: paths.term, element: <TermPage />, handle: handle('term') },
  { path: paths.classesList, element: <ClassesListPage />, handle: handle('classesList') },
  { path: `${paths.classesList}/:courseId`, element: <CoursePage />, handle: handle('courseDetail') },
  topic('useCase', { showcase: true, related: ['videoFixedAoi', 'videoFixedSop', 'videoFixedCount'] }),
  topic('videoFixed', { related: videoFixedPages, showcase: true }),
  ...videoFixedPages.map((page) => topic(page, { parent: 'videoFixed', related: videoFixedPages.filter((other) => other !== page), showcase: true })),
  topic('videoDynamic', { related: ['videoFixed', 'dataTrack'], showcase: true }),
  topic('dataTrack', { related: ['dataTrackFeaLost'], showcase: true }),
  topic('dataTrackFeaLost', { parent: 'dataTrack', showcase: true }),
  ...subsidyPages.map((page) => topic(page, { related: subsidyPages.filter((other) => other !== page) })),
  {
    path: '/plan-intro/:kind',
    element: <PlanIntroRoute />,
    handle: { page: (params) => planKinds[planKindOf(params.kind) ?? 'editor'] } satisfies PageHandle,
  },
  { path: '/plan-intro/*', element: <Navigate to={paths.planEditor} replace /> },
  { path: paths.signup, element: <SignupPage />, handle: handle('signup') },
  { path: paths.login, element: <LoginPage />, handle: handle('login') },
  { path: paths.verifyEmail, element: <VerifyEmailPage />, handle: handle('verifyEmail') },
  { path: paths.forgotPassword, element: <ForgotPasswordPage />, handle: handle('forgotPassword') },
  { path: paths.resetPassword, element: <ResetPasswordPage />, handle: handle('resetPassword') },
  { path: '*', element: <NotFoundPage />, handle: { page: null } satisfies PageHandle },
];

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

const adminHandle = (adminScreen: AdminHandle['adminScreen']): AdminHandle => ({ adminScreen });

/**
 * The staff back office (issue 12), outside the page shell: its own sign-in and frame. Its screens
 * come from one list (features/admin/screens.tsx); each is guarded by its permission.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: adminSignInPath,
    element: (
      <Suspense fallback={null}>
        <StaffSignInPage />
      </Suspense>
    ),
  },
  {
    path: adminPath,
    element: (
      <Suspense fallback={null}>
        <AdminLayout />
      </Suspense>
    ),
    children: [
      { index: true, element: <AdminOverviewPage />, handle: adminHandle('overview') },
      ...adminScreens.map(({ id, permission, page: Page }) => ({
        path: `${id}/*`,
        element: (
          <ScreenGuard permission={permission}>
            <Page />
          </ScreenGuard>
        ),
        handle: adminHandle(id),
      })),
      { path: '*', element: <AdminNotFoundPage />, handle: adminHandle('notFound') },
    ],
  },
];
