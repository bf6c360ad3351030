import { Link } from '@/components/link';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <div className="page-container not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button button--primary">
        Go to the home page
      </Link>
    </div>
  );
}
