import { Link } from 'react-router';
import { faq, policiesIntro, policySections } from '../data/policies';
import './content.css';

export function PoliciesPage() {
  return (
    <div className="content-page page-container">
      <header className="page-header">
        <h1>{policiesIntro.title}</h1>
        <p className="page-header__lead">{policiesIntro.lead}</p>
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
        <section key={section.id} id={section.id} className="policy" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
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
