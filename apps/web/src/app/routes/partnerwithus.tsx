import { Navigate, useLocation } from 'react-router';

/** SPEC.md section 2: /partnerwithus is the About page's old address. The server answers it with a 301 too. */
export function Component() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/about-us', search, hash }} replace />;
}
