import { Navigate, NavLink, Route, Routes } from 'react-router-dom';

/** The admin area, mounted by the shell at /admin/*. Screens arrive with the admin issue. */
export function App() {
  return (
    <div data-testid="admin-mfe">
      <nav aria-label="Admin">
        <NavLink to="user">Users</NavLink>
      </nav>
      <main>
        <Routes>
          <Route index element={<Navigate to="user" replace />} />
          <Route path="user" element={<h1>Users</h1>} />
          <Route path="*" element={<h1>Admin page not found</h1>} />
        </Routes>
      </main>
    </div>
  );
}
