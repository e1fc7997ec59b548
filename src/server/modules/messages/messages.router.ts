import { contactListInput, contactMessageInput, contactReplyInput } from '../../../shared/messages';
import { router } from '../../trpc/init';
import { publicProcedure, staff } from '../../trpc/procedures';
import { limitRate } from '../auth/rate-limit.service';
import { listContactMessages, replyToContactMessage, submitContactMessage } from './messages.service';

export const messagesRouter = router({
  submit: publicProcedure.input(contactMessageInput).mutation(async ({ ctx, input }) => {
    await limitRate(ctx.deps, 'contactPerIp', ctx.ip);
    return submitContactMessage(ctx.deps, input, ctx.language);
  }),
  list: staff('customer_service')
    .input(contactListInput)
    .query(({ ctx, input }) => listContactMessages(ctx.deps, input)),
  reply: staff('customer_service')
    .input(contactReplyInput)
    .mutation(({ ctx, input }) => replyToContactMessage(ctx.deps, input.messageId, ctx.staffId)),
});
