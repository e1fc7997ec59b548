import { Navigate, useParams, type RouteObject } from 'react-router';
import { lazyPage } from './lib/lazy-page';
import { pageHandle as handle, paths, planKindOf, planKinds, type PageHandle, type PagePath, type TopicPageId } from './paths';

const HomePage = lazyPage(() => import('./features/marketing/home-page').then((module) => module.HomePage), ['home'], { queries: false });
const TopicPage = lazyPage(() => import('./features/marketing/topic-page').then((module) => module.TopicPage), ['pages'], { queries: false });
const PlanIntroPage = lazyPage(() => import('./features/marketing/plan-intro-page').then((module) => module.PlanIntroPage), ['pages'], { queries: false });
const PricingPage = lazyPage(() => import('./features/marketing/pricing-page').then((module) => module.PricingPage), ['pricing']);
const TermPage = lazyPage(() => import('./features/marketing/term-page').then((module) => module.TermPage), ['term'], { queries: false });
const SupportPage = lazyPage(() => import('./features/content/support-page').then((module) => module.SupportPage), ['content', 'messages', 'validation', 'errors']);
const SupportVideosPage = lazyPage(() => import('./features/content/support-videos-page').then((module) => module.SupportVideosPage), ['content', 'pages']);
const SupportQaPage = lazyPage(() => import('./features/content/support-qa-page').then((module) => module.SupportQaPage), ['content', 'pages']);
const NewsListPage = lazyPage(() => import('./features/content/news-list-page').then((module) => module.NewsListPage), ['content', 'errors']);
const NewsDetailPage = lazyPage(() => import('./features/content/news-detail-page').then((module) => module.NewsDetailPage), ['content', 'errors']);
const ClassesListPage = lazyPage(() => import('./features/courses/classes-list-page').then((module) => module.ClassesListPage), ['pages', 'courses', 'errors']);
const CoursePage = lazyPage(() => import('./features/courses/course-page').then((module) => module.CoursePage), ['courses', 'validation', 'errors']);
const LoginPage = lazyPage(() => import('./features/auth/login-page').then((module) => module.LoginPage), ['auth', 'validation', 'errors']);
const SignupPage = lazyPage(() => import('./features/auth/signup-page').then((module) => module.SignupPage), ['auth', 'validation', 'errors']);
const VerifyEmailPage = lazyPage(() => import('./features/auth/verify-email-page').then((module) => module.VerifyEmailPage), ['auth', 'errors']);
const ForgotPasswordPage = lazyPage(() => import('./features/auth/password-reset-pages').then((module) => module.ForgotPasswordPage), ['auth', 'validation', 'errors']);
const ResetPasswordPage = lazyPage(() => import('./features/auth/password-reset-pages').then((module) => module.ResetPasswordPage), ['auth', 'validation', 'errors']);
const UnauthorizedPage = lazyPage(() => import('./features/system/unauthorized-page').then((module) => module.UnauthorizedPage), ['pages'], { queries: false });
const NotFoundPage = lazyPage(() => import('./features/system/not-found-page').then((module) => module.NotFoundPage), [], { queries: false });

function PlanIntroRoute() {
  const kind = planKindOf(useParams().kind);
  return kind ? <PlanIntroPage kind={kind} /> : <Navigate to={paths.planEditor} replace />;
}

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
