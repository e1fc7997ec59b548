/** Addresses of the news screen: the list, a new item ('new') or one item by id. */
export function adminNewsPath(id?: number | 'new'): string {
  return id === undefined ? '/admin/news' : `/admin/news/${id}`;
}
