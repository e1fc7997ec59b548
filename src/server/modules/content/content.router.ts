import { newsDetailInput, newsListInput } from '../../../shared/content';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';
import { getNews, listNews, listOpenClasses } from './content.service';

export const contentRouter = router({
  newsList: publicProcedure.input(newsListInput).query(({ ctx, input }) => listNews(ctx.deps, input, ctx.language)),
  newsDetail: publicProcedure.input(newsDetailInput).query(({ ctx, input }) => getNews(ctx.deps, input, ctx.language)),
  classes: publicProcedure.query(() => listOpenClasses()),
});
