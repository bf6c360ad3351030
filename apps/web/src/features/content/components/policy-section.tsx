import type { PolicySection } from '../data/policies';

/** One titled section of the Policies page or the rental agreement: its paragraphs, then its list. */
export function PolicySectionView({ section }: { section: PolicySection }) {
  return (
    <section id={section.id} className="policy" aria-labelledby={`${section.id}-title`}>
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
  );
}
