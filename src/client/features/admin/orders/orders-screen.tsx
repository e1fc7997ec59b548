import { Route, Routes } from 'react-router';
import { AdminOrderPage } from './admin-order-page';
import { AdminOrdersPage } from './admin-orders-page';

/** The back office's orders screen (confirm_order or confirm_payment): the list at /admin/orders, one order at /admin/orders/<id>. */
export function OrdersScreen() {
  return (
    <Routes>
      <Route index element={<AdminOrdersPage />} />
      <Route path=":orderId" element={<AdminOrderPage />} />
    </Routes>
  );
}
