import { Link, Route, Routes } from 'react-router-dom';

/** The public site. Pages arrive with the public-site issue; this is the frame they live in. */
export function App() {
  return (
    <div data-testid="public-mfe">
      <header>
        <Link to="/">Vitrine</Link>
      </header>
      <main>
        <Routes>
          <Route index element={<Home />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
    </div>
  );
}

function Home() {
  return (
    <>
      <h1>Textiles and design, woven with care</h1>
      <p>Vitrine studio: fabrics, interiors and the people who make them.</p>
    </>
  );
}

function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </>
  );
}
