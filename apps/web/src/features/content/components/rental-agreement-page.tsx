import { Link } from '@/components/link';
import { formatDateOrAsIs } from '@sas/domain';
import { rentalAgreementIntro, rentalAgreementSections } from '../data/rental-agreement';
import { PolicySectionView } from './policy-section';
import './content.css';

/** /rental-agreement: what a guest accepts when reserving, written from the policies (issue 17). */
export function RentalAgreementPage() {
  const { title, version, lead } = rentalAgreementIntro;
  return (
    <div className="content-page page-container">
      <header className="page-header">
        <h1>{title}</h1>
        <p className="agreement-version">
          Version {version}, in force since <time dateTime={version}>{formatDateOrAsIs(version)}</time>
        </p>
        <p className="page-header__lead">{lead}</p>
      </header>

      <nav className="policies-toc" aria-label="Rental agreement sections">
        <ul>
          {rentalAgreementSections.map((section) => (
            <li key={section.id}>
              <Link to={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </ul>
      </nav>

      {rentalAgreementSections.map((section) => (
        <PolicySectionView key={section.id} section={section} />
      ))}

      <p className="policy">
        The <Link to="/policies">Policies</Link> page explains the same terms with privacy, fees and answers to common
        questions.
      </p>
    </div>
  );
}
