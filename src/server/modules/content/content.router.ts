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
} from '../../../shared/content';
import { router } from '../../trpc/init';
import { publicProcedure, staff, staffActor } from '../../trpc/procedures';
import { getNews, listNews, listQuestions } from './content.service';
import { listNewsForStaff, newsForStaff, previewNews, saveNews, setNewsStatus } from './news-admin.service';

const contentStaff = staff('content_management');

export const contentRouter = router({
  newsList: publicProcedure.input(newsListInput).output(newsListOutput).query(({ ctx, input }) => listNews(ctx.deps, input, ctx.language)),
  newsDetail: publicProcedure.input(newsDetailInput).output(newsItemOutput).query(({ ctx, input }) => getNews(ctx.deps, input, ctx.language)),
  /** /support/qa: enabled Q&A entries in the visitor's language. */
  qa: publicProcedure.output(qaListOutput).query(({ ctx }) => listQuestions(ctx.deps, ctx.language)),
  /** News, Q&A and their images in the back office (PUT /admin-files/content-images uploads an image). */
  admin: router({
    list: contentStaff.input(newsAdminListInput).output(newsAdminListOutput).query(({ ctx, input }) => listNewsForStaff(ctx.deps, input)),
    get: contentStaff.input(newsDetailInput).output(newsAdminItemOutput).query(({ ctx, input }) => newsForStaff(ctx.deps, input.id)),
    save: contentStaff.input(newsSaveInput).output(newsAdminItemOutput).mutation(({ ctx, input }) => saveNews(ctx.deps, input, staffActor(ctx))),
    setStatus: contentStaff.input(newsStatusInput).output(newsAdminItemOutput).mutation(({ ctx, input }) => setNewsStatus(ctx.deps, input, staffActor(ctx))),
    preview: contentStaff.input(newsPreviewInput).output(newsPreviewOutput).query(({ input }) => previewNews(input)),
  }),
});
