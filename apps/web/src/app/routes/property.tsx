import { useParams } from 'react-router';
import { PropertyPage } from '@/features/property/components/property-page';

export function Component() {
  const { idOrSlug = '' } = useParams();
  return <PropertyPage param={idOrSlug} />;
}
