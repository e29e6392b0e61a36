/** Which chrome a path shows (spec §2). */
export const SIGNED_IN_PATHS = ['/dashboard', '/shortcuts', '/billing', '/settings'];

export const hidesTopNav = (pathname: string) =>
  pathname === '/verify-email' || pathname === '/reset-password' || pathname === '/admin' || pathname.startsWith('/admin/');

export const hidesFooter = (pathname: string) => hidesTopNav(pathname) || SIGNED_IN_PATHS.includes(pathname);

/** The landing page's hash anchors scroll with this offset, for the fixed top bar. */
export const HASH_OFFSET_PX = 64;
