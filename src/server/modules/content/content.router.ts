import { newsDetailInput, newsItemOutput, newsListInput, newsListOutput } from '../../../shared/content';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';
import { getNews, listNews } from './content.service';

export const contentRouter = router({
  newsList: publicProcedure.input(newsListInput).output(newsListOutput).query(({ ctx, input }) => listNews(ctx.deps, input, ctx.language)),
  newsDetail: publicProcedure.input(newsDetailInput).output(newsItemOutput).query(({ ctx, input }) => getNews(ctx.deps, input, ctx.language)),
});
