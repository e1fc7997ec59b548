import { Route, Routes } from 'react-router';
import { AccountSearchPage } from './account-search-page';
import { GroupPage } from './group-page';

/** The back office's accounts screen (activate_account): search at /admin/accounts, one group at /admin/accounts/<group id>. */
export function AccountsScreen() {
  return (
    <Routes>
      <Route index element={<AccountSearchPage />} />
      <Route path=":groupId" element={<GroupPage />} />
    </Routes>
  );
}
