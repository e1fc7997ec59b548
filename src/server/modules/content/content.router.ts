import {
  newsAdminItemOutput,
  newsAdminListInput,
  newsAdminListOutput,
  newsDetailInput,
  newsItemOutput,
  newsListInput,
  newsListOutput,
  newsPreviewInput,
  newsPreviewOutput,
  newsSaveInput,
  newsStatusInput,
  qaListOutput,
  bannerAdminListOutput,
  bannerAdminOutput,
  bannerSaveInput,
  mediaMoveInput,
  publicVideosOutput,
  videoAdminListOutput,
  videoAdminOutput,
  videoSaveInput,
} from '../../../shared/content';
import { router } from '../../trpc/init';
import { checked, publicProcedure, staff, staffActor } from '../../trpc/procedures';
import { getNews, listNews, listQuestions } from './content.service';
import {
  listBannersForStaff,
  listVideosForStaff,
  moveBanner,
  moveVideo,
  publicVideos,
  saveBanner,
  saveVideo,
  setBannerStatus,
  setVideoStatus,
} from './media.service';
import { listNewsForStaff, newsForStaff, previewNews, saveNews, setNewsStatus } from './news-admin.service';

const contentStaff = staff('content_management');

export const contentRouter = router({
  newsList: publicProcedure.input(newsListInput).output(checked(newsListOutput)).query(({ ctx, input }) => listNews(ctx.deps, input, ctx.language)),
  newsDetail: publicProcedure.input(newsDetailInput).output(checked(newsItemOutput)).query(({ ctx, input }) => getNews(ctx.deps, input, ctx.language)),
  /** /support/qa: enabled Q&A entries in the visitor's language. */
  qa: publicProcedure.output(checked(qaListOutput)).query(({ ctx }) => listQuestions(ctx.deps, ctx.language)),
  /** /support/videos in the visitor's language. The home page's banners are plain JSON (public-content.http.ts): the landing page loads no tRPC client. */
  videos: publicProcedure.output(checked(publicVideosOutput)).query(({ ctx }) => publicVideos(ctx.deps, ctx.language)),
  /** News, Q&A and their images in the back office (PUT /admin-files/content-images uploads an image). */
  admin: router({
    list: contentStaff.input(newsAdminListInput).output(checked(newsAdminListOutput)).query(({ ctx, input }) => listNewsForStaff(ctx.deps, input)),
    get: contentStaff.input(newsDetailInput).output(checked(newsAdminItemOutput)).query(({ ctx, input }) => newsForStaff(ctx.deps, input.id)),
    save: contentStaff.input(newsSaveInput).output(checked(newsAdminItemOutput)).mutation(({ ctx, input }) => saveNews(ctx.deps, input, staffActor(ctx))),
    setStatus: contentStaff.input(newsStatusInput).output(checked(newsAdminItemOutput)).mutation(({ ctx, input }) => setNewsStatus(ctx.deps, input, staffActor(ctx))),
    preview: contentStaff.input(newsPreviewInput).output(checked(newsPreviewOutput)).query(({ input }) => previewNews(input)),
    banners: router({
      list: contentStaff.output(checked(bannerAdminListOutput)).query(({ ctx }) => listBannersForStaff(ctx.deps)),
      save: contentStaff.input(bannerSaveInput).output(checked(bannerAdminOutput)).mutation(({ ctx, input }) => saveBanner(ctx.deps, input, staffActor(ctx))),
      setStatus: contentStaff.input(newsStatusInput).output(checked(bannerAdminOutput)).mutation(({ ctx, input }) => setBannerStatus(ctx.deps, input, staffActor(ctx))),
      move: contentStaff.input(mediaMoveInput).output(checked(bannerAdminListOutput)).mutation(({ ctx, input }) => moveBanner(ctx.deps, input, staffActor(ctx))),
    }),
    videos: router({
      list: contentStaff.output(checked(videoAdminListOutput)).query(({ ctx }) => listVideosForStaff(ctx.deps)),
      save: contentStaff.input(videoSaveInput).output(checked(videoAdminOutput)).mutation(({ ctx, input }) => saveVideo(ctx.deps, input, staffActor(ctx))),
      setStatus: contentStaff.input(newsStatusInput).output(checked(videoAdminOutput)).mutation(({ ctx, input }) => setVideoStatus(ctx.deps, input, staffActor(ctx))),
      move: contentStaff.input(mediaMoveInput).output(checked(videoAdminListOutput)).mutation(({ ctx, input }) => moveVideo(ctx.deps, input, staffActor(ctx))),
    }),
  }),
});
