import './preview-banner.css';

/**
 * Says on every screenful that this is not the site yet: an editor's unsaved changes (for
 * that editor only), or a draft shared with a client through a link.
 */
export function PreviewBanner({
  expiresAt,
  shared = false,
}: {
  expiresAt: string;
  shared?: boolean;
}) {
  const end = new Date(expiresAt);
  const until = shared
    ? end.toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' })
    : end.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="preview-banner" role="status">
      <strong className="preview-banner__label">Preview</strong>{' '}
      <span>
        {shared
          ? `A draft shared with you: not on the site yet. This link works until ${until}.`
          : `Unsaved changes, visible only to you, not to visitors. This link works until ${until}.`}
      </span>
    </div>
  );
}
