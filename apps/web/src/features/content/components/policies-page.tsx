import { Link } from '@/components/link';
import { faq, policiesIntro, policySections } from '../data/policies';
import { PolicySectionView } from './policy-section';
import './content.css';

export function PoliciesPage() {
  return (
    <div className="content-page page-container">
      <header className="page-header">
        <h1>{policiesIntro.title}</h1>
        <p className="page-header__lead">{policiesIntro.lead}</p>
        <p className="policies-agreement">
          When you reserve, you accept these terms as our <Link to="/rental-agreement">rental agreement</Link>.
        </p>
      </header>

      <nav className="policies-toc" aria-label="Policies on this page">
        <ul>
          {policySections.map((section) => (
            <li key={section.id}>
              <Link to={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
          <li>
            <Link to="#faq">Frequently Asked Questions</Link>
          </li>
        </ul>
      </nav>

      {policySections.map((section) => (
        <PolicySectionView key={section.id} section={section} />
      ))}

      <section id="faq" className="policy" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently Asked Questions</h2>
        <dl className="faq">
          {faq.map((entry) => (
            <div key={entry.question} className="faq__entry">
              <dt>{entry.question}</dt>
              <dd>{entry.answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
