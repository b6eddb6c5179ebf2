import './preview-banner.css';

/** Says on every screenful that this is not the site yet: a draft, for its editor only. */
export function PreviewBanner({ expiresAt }: { expiresAt: string }) {
  const until = new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="preview-banner" role="status">
      <strong className="preview-banner__label">Preview</strong>{' '}
      <span>
        Unsaved changes, visible only to you, not to visitors. This link works until {until}.
      </span>
    </div>
  );
}
