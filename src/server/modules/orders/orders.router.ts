import {
  availablePaymentTypesOutput,
  confirmPaymentInput,
  enableOrderInput,
  memberOrderListInput,
  orderDetailOutput,
  orderDocumentListOutput,
  orderIdInput,
  orderListOutput,
  orderStatus,
  orderSummaryOutput,
  placeOrderInput,
  placeOrderOutput,
  reportRemittanceInput,
  reportRemittanceOutput,
  staffOrderListInput,
} from '../../../shared/orders';
import { staffOrderDetailOutput } from '../../../shared/order-payments';
import { router } from '../../trpc/init';
import { checked, memberProcedure, staff, staffWithAny } from '../../trpc/procedures';
import { reportRemittance } from './order-files.service';
import { availablePaymentTypes } from './order-payment.service';
import { placeOrder } from './order-placement.service';
import { memberDocuments, memberOrder, memberOrders, staffOrder, staffOrders, toOrderSummary } from './order-queries.service';
import { changeOrderStatus } from './order-status.service';

const orderStaff = staffWithAny(['confirm_order', 'confirm_payment']);

export const ordersRouter = router({
  place: memberProcedure
    .input(placeOrderInput)
    .output(checked(placeOrderOutput))
    .mutation(({ ctx, input }) => placeOrder(ctx.deps, ctx.userId, input, { userAgent: ctx.userAgent })),
  /** The payment types /buy-points offers: no virtual account in a deployment without a payment provider. */
  paymentTypes: memberProcedure.output(checked(availablePaymentTypesOutput)).query(({ ctx }) => ({ paymentTypes: availablePaymentTypes(ctx.deps) })),
  mine: memberProcedure.input(memberOrderListInput).output(checked(orderListOutput)).query(({ ctx, input }) => memberOrders(ctx.deps, ctx.groupId, input)),
  show: memberProcedure.input(orderIdInput).output(checked(orderDetailOutput)).query(({ ctx, input }) => memberOrder(ctx.deps, ctx.groupId, input.orderId)),
  cancel: memberProcedure
    .input(orderIdInput)
    .output(checked(orderSummaryOutput))
    .mutation(async ({ ctx, input }) => toOrderSummary(await changeOrderStatus(ctx.deps, { orderId: input.orderId, action: 'cancel' }, { kind: 'member', userId: ctx.userId }))),
  documents: memberProcedure.output(checked(orderDocumentListOutput)).query(({ ctx }) => memberDocuments(ctx.deps, ctx.groupId)),
  reportRemittance: memberProcedure
    .input(reportRemittanceInput)
    .output(checked(reportRemittanceOutput))
    .mutation(({ ctx, input }) => reportRemittance(ctx.deps, ctx.userId, input)),
  admin: router({
    list: orderStaff.input(staffOrderListInput).output(checked(orderListOutput)).query(({ ctx, input }) => staffOrders(ctx.deps, input)),
    show: orderStaff.input(orderIdInput).output(checked(staffOrderDetailOutput)).query(({ ctx, input }) => staffOrder(ctx.deps, input.orderId)),
    confirm: staff('confirm_order')
      .input(orderIdInput)
      .output(checked(orderSummaryOutput))
      .mutation(async ({ ctx, input }) => toOrderSummary(await changeOrderStatus(ctx.deps, { orderId: input.orderId, action: 'confirmOrder' }, { kind: 'staff', staffId: ctx.staffId, address: ctx.ip }))),
    cancel: staff('confirm_order')
      .input(orderIdInput)
      .output(checked(orderSummaryOutput))
      .mutation(async ({ ctx, input }) => toOrderSummary(await changeOrderStatus(ctx.deps, { orderId: input.orderId, action: 'cancel' }, { kind: 'staff', staffId: ctx.staffId, address: ctx.ip }))),
    confirmPayment: staff('confirm_payment')
      .input(confirmPaymentInput)
      .output(checked(orderSummaryOutput))
      .mutation(async ({ ctx, input }) =>
        toOrderSummary(await changeOrderStatus(ctx.deps, { orderId: input.orderId, action: 'confirmPayment', to: input.to }, { kind: 'staff', staffId: ctx.staffId, address: ctx.ip })),
      ),
    enable: staff('confirm_payment')
      .input(enableOrderInput)
      .output(checked(orderSummaryOutput))
      .mutation(async ({ ctx, input }) =>
        toOrderSummary(
          await changeOrderStatus(ctx.deps, { orderId: input.orderId, action: 'enable', to: input.complete ? orderStatus.complete : orderStatus.awaitingFunds }, { kind: 'staff', staffId: ctx.staffId, address: ctx.ip }),
        ),
      ),
    complete: staff('confirm_payment')
      .input(orderIdInput)
      .output(checked(orderSummaryOutput))
      .mutation(async ({ ctx, input }) => toOrderSummary(await changeOrderStatus(ctx.deps, { orderId: input.orderId, action: 'complete' }, { kind: 'staff', staffId: ctx.staffId, address: ctx.ip }))),
  }),
});
