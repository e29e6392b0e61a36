import { useEffect } from 'react';

export type DocumentHead = { title: string; description?: string | null; keywords?: string | null; image?: string | null };

function setMeta(attr: 'name' | 'property', key: string, value: string | null | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!value) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = value;
}

/**
 * Keeps the title and social tags right after navigating inside the app. The server already wrote them into the
 * first page load (shared/pages.ts), so crawlers do not depend on this.
 */
export function useDocumentHead(head: DocumentHead | null) {
  const { title, description, keywords, image } = head ?? {};
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    const abs = image ? new URL(image, window.location.origin).href : null;
    setMeta('name', 'description', description);
    setMeta('name', 'keywords', keywords);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', window.location.href);
    setMeta('name', 'twitter:title', title);
    setMeta('name', 'twitter:description', description);
    if (abs) {
      setMeta('property', 'og:image', abs);
      setMeta('name', 'twitter:image', abs);
    }
    return () => {
      document.title = previous;
    };
  }, [title, description, keywords, image]);
}
