import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { App } from './app/App';

// Standalone mode: the same /admin/* URLs as inside the shell, without the shell.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<App />} />
        <Route path="*" element={<Navigate to="/admin/user" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
