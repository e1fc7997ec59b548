import { Route, Routes } from 'react-router';
import { AdminNewsPage } from './admin-news-page';
import { NewsEditorPage } from './news-editor-page';

/** The back office's news screen (content_management): the list at /admin/news, a new item at /admin/news/new, one item at /admin/news/<id>. */
export function NewsScreen() {
  return (
    <Routes>
      <Route index element={<AdminNewsPage />} />
      <Route path="new" element={<NewsEditorPage />} />
      <Route path=":newsId" element={<NewsEditorPage />} />
    </Routes>
  );
}
