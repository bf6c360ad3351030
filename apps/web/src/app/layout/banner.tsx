import { Link } from 'react-router';
import { companyPhone, companyPhoneHref } from '@sas/domain';

/** Under the header on every page: the two ways to reach a person. */
export function Banner() {
  return (
    <aside className="banner" aria-label="Contact us">
      <p className="banner__text page-container">
        <span>Questions about a stay? Call </span>
        <a href={companyPhoneHref} className="banner__phone">
          {companyPhone}
        </a>
        <span> or </span>
        {/* Live chat is a later issue; until then this leads to our contact options. */}
        <Link to="/about-us#get-in-touch" className="banner__chat">
          Chat live
        </Link>
      </p>
    </aside>
  );
}
