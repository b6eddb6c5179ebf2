import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export interface PageMeta {
  /** The page's own title; the site name is appended. */
  title: string;
  description?: string;
  /** An image URL (absolute or site-relative, e.g. a `/uploads/…` variant). */
  image?: string;
  /** The company name from the settings; left out while they load. */
  siteName?: string;
}

/**
 * Sets the document title, the meta description and the OpenGraph tags for a page. The shell
 * owns `index.html`, so the tags are created here on first use and updated on every page.
 */
export function usePageMeta({ title, description, image, siteName }: PageMeta): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const fullTitle = siteName && title !== siteName ? `${title} | ${siteName}` : title;
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', siteName);
    setMeta('property', 'og:url', new URL(pathname + search, window.location.origin).href);
    setMeta('property', 'og:image', image ? new URL(image, window.location.origin).href : '');
  }, [title, description, image, siteName, pathname, search]);
}

/** Creates, updates or (for an empty value) removes one `<meta>` tag in the head. */
function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!content) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.setAttribute('content', content);
}
