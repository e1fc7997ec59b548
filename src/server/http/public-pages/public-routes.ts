import { paths } from '../../../client/paths';
import type { Language } from '../../../shared/languages';
import type { Deps } from '../../deps';
import { getNews, listNews, listQuestions } from '../../modules/content/content.service';
import { publicBanners, publicVideos } from '../../modules/content/media.service';
import { AppError } from '../../errors';
import type { Texts } from './texts';

/** What the server writes for one public page: its head and the main content a crawler reads. */
export interface PublicPage {
  status: number;
  /** Page name for `<page> | <brand>`; null titles the page by the brand alone. */
  name: string | null;
  description: string;
  /** Search engines may list it (pages carrying a token or a sign-in notice may not). */
  indexable: boolean;
  type: 'website' | 'article';
  /** Escaped HTML of the page's main content. */
  main: string;
  /** Classes of the main element: by default a centred column; a page that lays itself out gives ''. */
  mainClassName?: string;
  publishedAt?: Date;
}

/** The main element's classes of a public page as the server writes it. */
export const defaultMainClassName = 'mx-auto max-w-5xl px-4 py-10';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `className`, where given, is the app's own for the element, so that the page keeps its size when the app takes over. */
const classOf = (className?: string) => (className ? ` class="${className}"` : '');
const paragraph = (text: string | undefined, className?: string) => (text ? `<p${classOf(className)}>${escapeHtml(text)}</p>` : '');
const heading = (level: 1 | 2, text: string | undefined, className?: string) => (text ? `<h${level}${classOf(className)}>${escapeHtml(text)}</h${level}>` : '');
const list = (items: Array<string | undefined>) => `<ul>${items.filter(Boolean).map((item) => `<li>${escapeHtml(item!)}</li>`).join('')}</ul>`;

/** Sections `{title, body}` under a key, as h2 and paragraph. */
function sections(t: Texts, key: string): string {
  return t
    .entries(key)
    .map(([id]) => `<section>${heading(2, t.text(`${key}.${id}.title`))}${paragraph(t.text(`${key}.${id}.body`))}</section>`)
    .join('');
}

interface Route {
  path: string;
  /** Listed in the sitemap; a page with a token or a sign-in notice is not. */
  indexable: boolean;
  render(t: Texts, context: { deps: Deps; language: Language; params: Record<string, string>; query: URLSearchParams }): Promise<PublicPage> | PublicPage;
}

const page = (name: string | null | undefined, description: string | undefined, main: string, t: Texts, options: Partial<PublicPage> = {}): PublicPage => ({
  status: 200,
  name: name ?? null,
  description: description ?? t.text('footer.tagline') ?? '',
  indexable: true,
  type: 'website',
  main,
  ...options,
});

/** A page drawn from `pages:<id>` (lead, body, sections), as the topic frame of the app draws it. */
function topic(id: keyof typeof paths): Route {
  return {
    path: paths[id],
    indexable: true,
    render(t) {
      const name = t.text(`pages.${id}`);
      const lead = t.text(`pages:${id}.lead`);
      return page(name, lead, `${heading(1, name)}${paragraph(lead)}${paragraph(t.text(`pages:${id}.body`))}${sections(t, `pages:${id}.sections`)}`, t);
    },
  };
}

/** A page whose main content is its name and a lead from its own namespace. */
function simple(id: keyof typeof paths, lead: string, options: Partial<PublicPage> & { heading?: string } = {}): Route {
  return {
    path: paths[id],
    indexable: options.indexable ?? true,
    render(t) {
      const name = t.text(`pages.${id}`);
      const text = t.text(lead);
      const { heading: headingKey, ...pageOptions } = options;
      return page(name, text, `${heading(1, headingKey ? t.text(headingKey) : name)}${paragraph(text)}`, t, pageOptions);
    },
  };
}

const dateIn = (date: Date) => date.toISOString().slice(0, 10);

const newsList: Route = {
  path: paths.news,
  indexable: true,
  async render(t, { deps, language, query }) {
    const requested = Number(query.get('page') ?? '1');
    const name = t.text('pages.news');
    const lead = t.text('content:news.lead');
    try {
      // A visitor who asked for a language keeps it from the list to the article.
      const suffix = query.has('lang') ? `?lang=${language}` : '';
      const news = await listNews(deps, { page: Number.isInteger(requested) && requested >= 1 ? requested : 1 }, language);
      const items = news.items
        .map((item) => `<li><article><h2><a href="${paths.news}/${item.id}${suffix}">${escapeHtml(item.title)}</a></h2><time datetime="${item.publishedAt.toISOString()}">${dateIn(item.publishedAt)}</time>${paragraph(item.summary)}</article></li>`)
        .join('');
      return page(name, lead, `${heading(1, name)}${paragraph(lead)}${items ? `<ul>${items}</ul>` : paragraph(t.text('content:news.empty'))}`, t);
    } catch (error) {
      if (error instanceof AppError) return page(name, lead, `${heading(1, name)}${paragraph(lead)}`, t, { status: 404, indexable: false });
      throw error;
    }
  },
};

const newsArticle: Route = {
  path: `${paths.news}/:id`,
  indexable: true,
  async render(t, { deps, language, params }) {
    const id = Number(params.id);
    try {
      const item = await getNews(deps, { id }, language);
      // The body is HTML sanitised with the news allowlist when it was saved.
      const main = `<article>${heading(1, item.title)}<time datetime="${item.publishedAt.toISOString()}">${dateIn(item.publishedAt)}</time>${paragraph(item.summary)}${item.body}</article>`;
      return page(item.title, item.summary, main, t, { type: 'article', publishedAt: item.publishedAt });
    } catch (error) {
      if (error instanceof AppError) return notFound(t);
      throw error;
    }
  },
};

function notFound(t: Texts): PublicPage {
  return page(null, t.text('notFound.body'), `${heading(1, t.text('pages.notFound'))}${paragraph(t.text('notFound.body'))}`, t, { status: 404, indexable: false });
}

const home: Route = {
  path: paths.home,
  indexable: true,
  async render(t, { deps, language }) {
    const capabilities = t.entries('home:capabilities').map(([id]) => t.text(`home:capabilities.${id}`));
    const { items: banners } = await publicBanners(deps, language);
    // The hero laid out as the home page draws it (features/marketing/home-page.tsx), so that its
    // largest text paints here first and keeps its size when the app takes over.
    const hero = [
      '<div class="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.15fr_1fr]"><div>',
      heading(1, t.text('home:title'), 'text-3xl font-bold tracking-tight text-foreground sm:text-5xl'),
      paragraph(t.text('home:lead'), 'mt-5 text-lg text-muted-foreground'),
      paragraph(t.text('home:audience'), 'mt-3 text-sm text-muted-foreground'),
      '</div></div>',
    ].join('');
    const rest = [
      banners.length > 0 ? list(banners.map((banner) => banner.title)) : '',
      heading(2, t.text('home:capabilitiesTitle')),
      list(capabilities),
      heading(2, t.text('home:stepsTitle')),
      sections(t, 'home:steps'),
      `<section>${heading(2, t.text('home:points.title'))}${paragraph(t.text('home:points.body'))}</section>`,
    ].join('');
    return page(t.text('pages.home'), t.text('home:lead'), `${hero}<div class="${defaultMainClassName}">${rest}</div>`, t, { mainClassName: '' });
  },
};

const pricing: Route = {
  path: paths.pricing,
  indexable: true,
  render(t) {
    const plans = t.entries('pricing:plans').map(([id]) => `<section>${heading(2, t.text(`pricing:plans.${id}.name`))}${paragraph(t.text(`pricing:plans.${id}.body`))}</section>`);
    const rules = t.entries('pricing:rules').map(([id]) => t.text(`pricing:rules.${id}`));
    const main = `${heading(1, t.text('pages.pricing'))}${paragraph(t.text('pricing:lead'))}${plans.join('')}${heading(2, t.text('pricing:rulesTitle'))}${list(rules)}${heading(2, t.text('pricing:processTitle'))}${sections(t, 'pricing:process')}`;
    return page(t.text('pages.pricing'), t.text('pricing:lead'), main, t);
  },
};

const term: Route = {
  path: paths.term,
  indexable: true,
  render(t) {
    const main = `${heading(1, t.text('pages.term'))}${paragraph(t.text('term:lead'))}${heading(2, t.text('term:termsTitle'))}${sections(t, 'term:terms')}${heading(2, t.text('term:privacyTitle'))}${sections(t, 'term:privacy')}`;
    return page(t.text('pages.term'), t.text('term:lead'), main, t);
  },
};

const supportVideos: Route = {
  path: paths.supportVideos,
  indexable: true,
  async render(t, { deps, language }) {
    const name = t.text('pages.supportVideos');
    const lead = t.text('content:support.videos.lead');
    const { items } = await publicVideos(deps, language);
    const videos = items.map((video) => `<section>${heading(2, video.title)}${paragraph(video.description)}</section>`).join('');
    return page(name, lead, `${heading(1, name)}${paragraph(lead)}${videos}`, t);
  },
};

/** /support/qa: the enabled Q&A entries from the database, grouped, each answer under its question. */
const supportQa: Route = {
  path: paths.supportQa,
  indexable: true,
  async render(t, { deps, language }) {
    const name = t.text('pages.supportQa');
    const lead = t.text('content:support.qa.lead');
    const { items } = await listQuestions(deps, language);
    const groups = [...new Set(items.map((item) => item.group))];
    const body = groups
      .map((group) => `<section>${heading(2, group)}${items.filter((item) => item.group === group).map((item) => `<h3>${escapeHtml(item.question)}</h3>${item.answer}`).join('')}</section>`)
      .join('');
    return page(name, lead, `${heading(1, name)}${paragraph(lead)}${body}`, t);
  },
};

/** Every public route of the page shell (routes.tsx), in the same order; the management centre is not here. */
export const publicRoutes: Route[] = [
  home,
  simple('unauthorized', 'pages:unauthorized.lead', { indexable: false }),
  newsList,
  newsArticle,
  topic('about'),
  pricing,
  topic('productIntro'),
  simple('support', 'content:support.lead'),
  supportVideos,
  supportQa,
  term,
  simple('classesList', 'pages:classesList.lead'),
  topic('useCase'),
  topic('videoFixed'),
  topic('videoFixedSop'),
  topic('videoFixedCycle'),
  topic('videoFixedCount'),
  topic('videoFixedAoi'),
  topic('videoDynamic'),
  topic('dataTrack'),
  topic('dataTrackFeaLost'),
  topic('subsidyCloudMarket'),
  topic('subsidyMachineBox'),
  topic('subsidyLowCarbon'),
  topic('planSolution'),
  topic('planEditor'),
  topic('planTool'),
  simple('signup', 'auth:signup.lead', { heading: 'auth:signup.title' }),
  simple('login', 'auth:login.lead', { heading: 'auth:login.title' }),
  simple('verifyEmail', 'auth:verify.lead', { indexable: false, heading: 'auth:verify.title' }),
  simple('forgotPassword', 'auth:forgot.lead', { indexable: false, heading: 'auth:forgot.title' }),
  simple('resetPassword', 'auth:reset.lead', { indexable: false, heading: 'auth:reset.title' }),
];

/** The route for a path and its parameters; undefined when none matches (the not-found page). */
export function matchPublicRoute(pathname: string): { route: Route; params: Record<string, string> } | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of publicRoutes) {
    if (route.path === path) return { route, params: {} };
    const parameter = /^(.*)\/:(\w+)$/.exec(route.path);
    if (parameter && path.startsWith(`${parameter[1]}/`)) {
      const value = path.slice(parameter[1]!.length + 1);
      if (/^\d{1,10}$/.test(value)) return { route, params: { [parameter[2]!]: value } };
    }
  }
  return undefined;
}

export function renderNotFound(t: Texts): PublicPage {
  return notFound(t);
}
