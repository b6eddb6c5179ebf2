import { ROUTER_FUTURE } from '@vitrine/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { App } from './app/App';
import { StandaloneLogin } from './standalone/StandaloneLogin';

// Standalone mode: the same /admin/* URLs as inside the shell, without the shell. /login
// stands in for the public remote's sign-in page, which the admin area sends visitors to.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/admin/*" element={<App />} />
        <Route path="/login" element={<StandaloneLogin />} />
        <Route path="*" element={<Navigate to="/admin/user" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
