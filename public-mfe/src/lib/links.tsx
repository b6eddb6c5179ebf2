import { forwardRef } from 'react';
import {
  Link as RouterLink,
  type LinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps,
  type To,
} from 'react-router-dom';
import { useLocalizedPath } from './locale';

/** `to` in the page's language: a site path gets the language's prefix, anything else stays. */
function useLocalizedTo(): (to: To) => To {
  const localize = useLocalizedPath();
  return (to) => {
    if (typeof to === 'string') return to.startsWith('/') ? localize(to) : to;
    return to.pathname?.startsWith('/') ? { ...to, pathname: localize(to.pathname) } : to;
  };
}

/**
 * React Router's `Link` for the public site: `to` is a default-language path (`/product`),
 * and the link leads to it in the page's language (`/hi/product` on a Hindi page). Every
 * internal link of the site is one of these (eslint's no-restricted-imports says so).
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <RouterLink ref={ref} to={useLocalizedTo()(to)} {...props} />;
});

/** React Router's `NavLink`, with `to` in the page's language as for `Link`. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, ...props },
  ref,
) {
  return <RouterNavLink ref={ref} to={useLocalizedTo()(to)} {...props} />;
});

/**
 * React Router's `Link` as it is, for a link already in the language it leads to (the
 * language switcher's): `to` gets no prefix of the page's language.
 */
export const LinkAsIs = RouterLink;
