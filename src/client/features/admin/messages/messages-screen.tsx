import { Route, Routes } from 'react-router';
import { AdminMessagePage } from './admin-message-page';
import { AdminMessagesPage } from './admin-messages-page';

/** The back office's customer messages (customer_service): the inbox at /admin/messages, one message and its reply at /admin/messages/<id>. */
export function MessagesScreen() {
  return (
    <Routes>
      <Route index element={<AdminMessagesPage />} />
      <Route path=":messageId" element={<AdminMessagePage />} />
    </Routes>
  );
}
