import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A page's head: its title (without the brand), description, kind for Open Graph and structured data. */
export interface HeadData {
  /** The whole `<title>` ("<page> - <brand>"); usePageHead builds it. */
  title?: string;
  description?: string;
  /** Open Graph type: 'website' by default; 'product' for a lot. */
  ogType?: 'website' | 'product' | 'article';
  /** schema.org JSON-LD objects, written as `<script type="application/ld+json">` by the server. */
  jsonLd?: Record<string, unknown>[];
  /** Keep the page out of search results (errors, private pages). */
  noindex?: boolean;
}

/** The server renderer listens here for the head of the page it renders (the deepest page speaks last). */
export const HeadSinkContext = createContext<((head: HeadData) => void) | null>(null);

export interface PageHeadInput extends Omit<HeadData, 'title'> {
  /** The page's own title; the brand alone when absent. */
  title?: string;
}

function setMetaDescription(content: string | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!content) return;
  if (!element) {
    element = document.createElement('meta');
    element.name = 'description';
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Declares the page's head. On the server it is handed to the renderer, which writes title, description,
 * canonical URL, hreflang alternates, Open Graph tags and JSON-LD into the HTML; in the browser it keeps
 * `document.title` and the description in step as the visitor moves between pages.
 */
export function usePageHead(input: PageHeadInput): void {
  const { t } = useTranslation('common');
  const sink = useContext(HeadSinkContext);
  const brand = t('brand.name');
  const title = input.title ? `${input.title} - ${brand}` : brand;
  const description = input.description;
  if (sink) sink({ ...input, title });
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
  useEffect(() => {
    const element = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previous = element?.content;
    setMetaDescription(description);
    return () => setMetaDescription(previous);
  }, [description]);
}
