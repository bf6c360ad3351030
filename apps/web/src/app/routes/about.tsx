import { AboutPage } from '@/features/content/components/about-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /about-us and its alias /about, whose canonical URL is /about-us (@sas/domain sitePages). */
export function Component() {
  useDocumentTitle('About Us');
  return <AboutPage />;
}
