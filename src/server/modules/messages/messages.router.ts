import {
  contactListInput,
  contactListOutput,
  contactMessageIdInput,
  contactMessageInput,
  contactMessageOutput,
  contactReplyInput,
  messageSubmittedOutput,
} from '../../../shared/messages';
import { router } from '../../trpc/init';
import { checked, publicProcedure, staff, staffActor } from '../../trpc/procedures';
import { limitRate } from '../auth/rate-limit.service';
import { contactMessageById, listContactMessages, replyToContactMessage, submitContactMessage } from './messages.service';

export const messagesRouter = router({
  submit: publicProcedure.input(contactMessageInput).output(checked(messageSubmittedOutput)).mutation(async ({ ctx, input }) => {
    await limitRate(ctx.deps, 'contactPerIp', ctx.ip);
    return submitContactMessage(ctx.deps, input, ctx.language);
  }),
  list: staff('customer_service')
    .input(contactListInput)
    .output(checked(contactListOutput))
    .query(({ ctx, input }) => listContactMessages(ctx.deps, input)),
  get: staff('customer_service')
    .input(contactMessageIdInput)
    .output(checked(contactMessageOutput))
    .query(({ ctx, input }) => contactMessageById(ctx.deps, input.messageId)),
  reply: staff('customer_service')
    .input(contactReplyInput)
    .output(checked(contactMessageOutput))
    .mutation(({ ctx, input }) => replyToContactMessage(ctx.deps, input, staffActor(ctx))),
});
