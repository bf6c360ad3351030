import { useSearchParams } from 'react-router';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The verified review form (issue 28), from the signed link of the thank-you e-mail. */
export function Component() {
  useDocumentTitle('Review your stay');
  const [searchParams] = useSearchParams();
  return <ReviewForm token={searchParams.get('token') ?? ''} />;
}
