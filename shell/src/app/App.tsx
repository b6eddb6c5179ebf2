import { Route, Routes } from 'react-router-dom';
import { RemoteArea } from './RemoteArea';

/**
 * The shell only routes: /admin/* belongs to the admin remote, everything else to the public
 * one. It renders no markup of its own around them, so a page the server rendered with the
 * public remote alone is exactly what this tree hydrates.
 */
export function App() {
  return (
    <Routes>
      <Route path="/admin/*" element={<RemoteArea remote="admin_mfe" label="admin area" />} />
      <Route path="/*" element={<RemoteArea remote="public_mfe" label="public site" />} />
    </Routes>
  );
}
