import { Route, Routes } from 'react-router-dom';
import { DeployedVersions } from './DeployedVersions';
import { RemoteArea } from './RemoteArea';

/** The shell only routes: /admin/* belongs to the admin remote, everything else to the public one. */
export function App() {
  return (
    <>
      <Routes>
        <Route path="/admin/*" element={<RemoteArea remote="admin_mfe" label="admin area" />} />
        <Route path="/*" element={<RemoteArea remote="public_mfe" label="public site" />} />
      </Routes>
      <DeployedVersions />
    </>
  );
}
